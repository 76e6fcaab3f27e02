/** A request that cannot be made as asked (an empty prompt, a file that is not an image, a folder that cannot be written): the message says what to do. */
export class ImageInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * A request that cannot be made as asked (an empty prompt, a file that is not an image, a folder
 * that cannot be written): the message says what to do; `logged` says what was refused in English, for the log.
 */
export class ImageInputError extends Error {
  constructor(
    message: string,
    readonly logged: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

// A request held back before it was sent by what the person set about spending: the key's budget
// reached, or a price above multiModelAI.confirmAbove. The chat shows it as a card with its
// buttons; VS Code's chat gets it as its error; a dialog that was answered Cancel ends the
// request as stopped (`declined`).
export class SpendStop extends Error {
  constructor(
    message: string,
    /** `budget`: the key's budget is reached; `price`: the request may cost more than the person confirms without asking. */
    readonly reason: 'budget' | 'price',
    /** The same in English, for the log. */
    readonly logged: string,
    /** The person was asked and did not send it. */
    readonly declined = false,
  ) {
    super(message);
    this.name = 'SpendStop';
  }
}

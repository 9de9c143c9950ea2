/**
 * Keeps a command's output within a size the model can take: the beginning and, mostly, the end
 * (where errors and summaries are), with a note of how much was left out in between.
 */
export class CappedOutput {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;

  constructor(readonly maxCharacters: number) {
    this.headLimit = Math.floor(maxCharacters / 4);
    this.tailLimit = maxCharacters - this.headLimit;
  }

  append(text: string): void {
    this.total += text.length;
    const forHead = Math.max(0, this.headLimit - this.head.length);
    this.head += text.slice(0, forHead);
    this.tail += text.slice(forHead);
    // Trimmed in batches rather than on every append, so a chatty command costs linear time.
    if (this.tail.length > 2 * this.tailLimit) this.tail = this.tail.slice(-this.tailLimit);
  }

  get omittedCharacters(): number {
    return Math.max(0, this.total - this.head.length - this.tailLimit);
  }

  text(): string {
    const omitted = this.omittedCharacters;
    if (omitted === 0) return this.head + this.tail;
    const characters = omitted === 1 ? 'character' : 'characters';
    return `${this.head}\n[… ${omitted} ${characters} of output left out …]\n${this.tail.slice(-this.tailLimit)}`;
  }
}

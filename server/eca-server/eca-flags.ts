/**
 * The flags an editor put in its chats (`chat/addFlag`): each marks the end of the turn of one
 * user message, named by that message's content id, so a rollback that removes the message also
 * takes the flag's point away (forking from it then says so). Flags live as long as the server
 * runs: Baton's thread store has no place for an editor's marks.
 */
import { randomUUID } from 'node:crypto';

export interface EcaFlag {
  chatId: string;
  /** The user message whose turn the flag follows. */
  messageContentId: string;
  text: string;
}

/** A flag's own id never parses as a message's content id (thread:seq, eca-contents.ts). */
const FLAG_PREFIX = 'flag-';

export class EcaFlags {
  private readonly flags = new Map<string, EcaFlag>();

  add(flag: EcaFlag): string {
    const id = `${FLAG_PREFIX}${randomUUID()}`;
    this.flags.set(id, flag);
    return id;
  }

  /** The flag `contentId` names in `chatId`; undefined for any other id. */
  find(chatId: string, contentId: string): EcaFlag | undefined {
    const flag = this.flags.get(contentId);
    return flag?.chatId === chatId ? flag : undefined;
  }

  remove(chatId: string, contentId: string): boolean {
    return this.find(chatId, contentId) !== undefined && this.flags.delete(contentId);
  }

  /** The chat is gone: so are its flags. */
  forgetChat(chatId: string): void {
    for (const [id, flag] of this.flags) if (flag.chatId === chatId) this.flags.delete(id);
  }
}

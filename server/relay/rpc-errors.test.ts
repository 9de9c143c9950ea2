import { describe, expect, it } from 'vitest';
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import { RelayError } from '../../lib/rpc/relay-error';
import { ImportError, parseExportFile } from '../../lib/thread/export/export-file';
import { UnknownAgentError } from '../agents/agent-registry';
import { ThreadDeletingError, UnknownThreadError } from '../hub/thread-deletions';
import { ThreadBusyError } from '../hub/thread-session';
import { FileNotChangedError } from '../rewind/file-revert';
import { RewindPointError } from '../rewind/user-messages';
import { InvalidCursorError } from '../store/thread-store';
import { WorkspaceError, WorkspacePathError } from '../workspace/workspace-error';
import { LimitErrorCodes } from './message-limits';
import { asRpc, toRpcError, WIRE_ERRORS } from './rpc-errors';

/** What the tab receives: the JSON-RPC error object. */
function onTheWire(error: unknown) {
  const mapped = toRpcError(error);
  expect(mapped).toBeInstanceOf(RpcError);
  return (mapped as RpcError).toErrorObject();
}

function importErrorOf(content: string): ImportError {
  try {
    parseExportFile(content);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error(`${content} was accepted as an export`);
}

describe('the relay errors on the wire', () => {
  it('sends the thread and agent failures with their own codes and no data', () => {
    expect(onTheWire(new UnknownThreadError('t1'))).toEqual({ code: BatonErrorCodes.UnknownThread, message: 'There is no thread t1.' });
    expect(onTheWire(new ThreadDeletingError('t1'))).toEqual({
      code: BatonErrorCodes.UnknownThread,
      message: 'Thread t1 is being deleted; nothing was sent to it.',
    });
    expect(onTheWire(new ThreadBusyError('t1'))).toEqual({
      code: BatonErrorCodes.ThreadBusy,
      message: 'A turn is already running in thread t1; stop it or wait for it to finish.',
    });
    expect(onTheWire(new UnknownAgentError('nope', ['builtin', 'acp']))).toEqual({
      code: BatonErrorCodes.UnknownAgent,
      message: 'There is no agent named "nope"; the configured agents are builtin, acp.',
    });
  });

  it('sends a bad cursor, rewind point, file to revert or import file as invalid params, with no data', () => {
    const failures = [
      new InvalidCursorError('abc'),
      new RewindPointError('Entry 3 is not a user message.'),
      new FileNotChangedError('a.txt was never changed.'),
      importErrorOf('not json'),
    ];
    for (const failure of failures) expect(onTheWire(failure)).toEqual({ code: ErrorCodes.InvalidParams, message: failure.message });
  });

  it('sends a workspace failure with its string code as data.reason', () => {
    expect(onTheWire(new WorkspacePathError('invalid-path', 'bad'))).toEqual({
      code: ErrorCodes.InvalidParams,
      message: 'bad',
      data: { reason: 'invalid-path' },
    });
    expect(onTheWire(new WorkspaceError('invalid-pattern', 'bad glob'))).toEqual({
      code: ErrorCodes.InvalidParams,
      message: 'bad glob',
      data: { reason: 'invalid-pattern' },
    });
    expect(onTheWire(new WorkspacePathError('outside-workspace', 'out'))).toEqual({
      code: BatonErrorCodes.PathOutsideWorkspace,
      message: 'out',
      data: { reason: 'outside-workspace' },
    });
    expect(onTheWire(new WorkspacePathError('dangling-symlink', 'gone'))).toEqual({
      code: BatonErrorCodes.PathOutsideWorkspace,
      message: 'gone',
      data: { reason: 'dangling-symlink' },
    });
    expect(onTheWire(new WorkspaceError('not-found', 'missing'))).toEqual({
      code: BatonErrorCodes.FileUnavailable,
      message: 'missing',
      data: { reason: 'not-found' },
    });
    expect(onTheWire(new WorkspaceError('file-too-large', 'big'))).toEqual({
      code: BatonErrorCodes.FileUnavailable,
      message: 'big',
      data: { reason: 'file-too-large' },
    });
  });

  it('maps every code of the table the same way, whichever class carries it, keeping the cause', () => {
    for (const [code, wire] of Object.entries(WIRE_ERRORS) as Array<
      [keyof typeof WIRE_ERRORS, (typeof WIRE_ERRORS)[keyof typeof WIRE_ERRORS]]
    >) {
      const failure = new RelayError(code, `failed: ${code}`);
      const mapped = toRpcError(failure) as RpcError;
      expect(mapped.toErrorObject()).toEqual(
        wire.reason
          ? { code: wire.code, message: `failed: ${code}`, data: { reason: code } }
          : { code: wire.code, message: `failed: ${code}` },
      );
      expect(mapped.cause).toBe(failure);
    }
  });

  it('passes anything else through as it is: a wire error already made, or a failure of its own', async () => {
    const wire = new RpcError(BatonErrorCodes.CannotSteer, 'No turn is running in this thread; send the message as a prompt.');
    const crash = new TypeError('x is undefined');
    expect(toRpcError(wire)).toBe(wire);
    expect(toRpcError(crash)).toBe(crash);
    await expect(asRpc(() => Promise.reject(crash))).rejects.toBe(crash);
    await expect(asRpc(() => Promise.reject(new UnknownThreadError('t2')))).rejects.toMatchObject({
      code: BatonErrorCodes.UnknownThread,
      message: 'There is no thread t2.',
    });
    await expect(asRpc(() => Promise.resolve('answer'))).resolves.toBe('answer');
  });

  it("gives each of Baton's own refusals a code of its own, so that a tab never reads one as another", () => {
    const named = [...Object.entries(BatonErrorCodes), ...Object.entries(LimitErrorCodes)];
    const shared = named
      .filter(([, code]) => named.filter(([, other]) => other === code).length > 1)
      .map(([name, code]) => `${name} ${code}`);
    expect(shared).toEqual([]);
    expect(BatonErrorCodes.CannotSteer).not.toBe(LimitErrorCodes.TooManyPending);
    expect(named.filter(([, code]) => code > -32000 || code < -32099)).toEqual([]);
  });
});

// The model's worker (model-stream-worker.mjs), except that it dies at once, as a crashed thread
// would, when asked for the model `die`. For model-stream-thread.test.ts: the answers under way fail
// with a clear error, and the next request starts a worker again.
import { parentPort } from 'node:worker_threads';
import '../model-stream-worker.mjs';

parentPort.on('message', (message) => {
  if (message.type === 'request' && message.params.model === 'die') process.exit(3);
});

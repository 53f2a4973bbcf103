// The ceiling of this machine for one answer: a bare node:http server, in a process of its own,
// replaying the app's answers byte for byte (status, headers, body as the app sent it, gzip
// included) from a file written by bench/capture.ts. Nothing is computed per request but a map
// lookup, so what the app reaches against it is the share of the machine the app's own work
// leaves. Started by bench/api.ts: `node --import tsx bench/ceiling.ts <answers.json> <port>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { answerKey, type CapturedAnswers } from './capture';

const [file, port] = process.argv.slice(2);
const stored = JSON.parse(readFileSync(file!, 'utf8')) as CapturedAnswers;
const answers = new Map(
  Object.entries(stored).map(([key, a]) => [key, { ...a, body: Buffer.from(a.body, 'base64') }]),
);

createServer((request, response) => {
  const answer = answers.get(answerKey(request.url ?? '', Boolean(request.headers.cookie)));
  if (!answer) return response.writeHead(404).end();
  response.writeHead(answer.status, answer.headers).end(answer.body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));

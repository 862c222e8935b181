import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { say } from '../core/messages.js';
import { openInBrowser, startServer } from '../io/serve.js';
import { NovelCommand, type CommandResult } from './base-command.js';

const isPort = t.cascade(t.isNumber(), [t.isInteger(), t.isInInclusiveRange(0, 65535)]);

export class ServeCommand extends NovelCommand {
  static override paths = [['serve']];

  static override usage = Command.Usage({
    category: 'Book',
    description: 'A read-only web dashboard of the book: live progress, 字数 and scores, 伏笔, characters, the machines',
    details: `
      Serves the page and its JSON API (docs/serve.md) until Ctrl-C. It only reads the project, so it may run beside \`novel run\`: each step, advance and commit appears within a second.

      It listens on 127.0.0.1 (loopback) unless \`--host\` says otherwise; another host needs \`--token T\`, and every request then carries it (\`?token=T\` or \`Authorization: Bearer T\`). \`--port 0\` takes any free port. \`--open\` opens the page in the default browser.
    `,
    examples: [
      ['Serve the book on http://127.0.0.1:4477/', '$0 serve'],
      ['On the local network, with a token', '$0 serve --host 0.0.0.0 --token s3cret'],
    ],
  });

  port = Option.String('--port', '4477', { validator: isPort, description: 'Port to listen on (0: any free port)' });
  host = Option.String('--host', '127.0.0.1', { description: 'Address to listen on (loopback by default)' });
  token = Option.String('--token', { description: 'Required of every request; needed for a host other than loopback' });
  open = Option.Boolean('--open', false, { description: 'Open the page in the default browser' });

  async run(): Promise<CommandResult> {
    const serving = await startServer(this.context, this.project, { host: this.host, port: Number(this.port), token: this.token ?? null, lang: this.lang });
    const line = say(this.lang, 'serve.listening', { url: serving.url });
    this.context.stdout.write(this.json ? `${JSON.stringify({ event: 'listening', url: serving.url, port: serving.port })}\n` : `${line}\n`);
    if (this.open) {
      openInBrowser(serving.url);
    }
    await new Promise<void>((resolve) => {
      const stop = (): void => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await serving.close();
    return { data: { url: serving.url, port: serving.port, stopped: true }, text: say(this.lang, 'serve.stopped') };
  }
}

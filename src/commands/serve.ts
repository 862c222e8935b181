import { Option } from 'clipanion';
import { say } from '../core/messages.js';
import { openInBrowser, startServer } from '../io/serve.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isHost, isPort } from './option-validators.js';

export class ServeCommand extends NovelCommand {
  static override paths = [['serve']];

  static override usage = usageOf('serve', 'book', ['$0 serve', '$0 serve --host 0.0.0.0 --token s3cret']);

  port = Option.String('--port', '4477', { validator: isPort, description: helpOf('help.serve.--port') });
  host = Option.String('--host', '127.0.0.1', { validator: isHost, description: helpOf('help.serve.--host') });
  token = Option.String('--token', { description: helpOf('help.serve.--token') });
  open = Option.Boolean('--open', false, { description: helpOf('help.serve.--open') });

  async run(): Promise<CommandResult> {
    const serving = await startServer(this.context, this.project, {
      host: this.host,
      port: Number(this.port),
      token: this.token ?? null,
      lang: this.lang,
    });
    const line = say(this.lang, 'serve.listening', { url: serving.url });
    this.context.stdout.write(
      this.json ? `${JSON.stringify({ event: 'listening', url: serving.url, port: serving.port })}\n` : `${line}\n`,
    );
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

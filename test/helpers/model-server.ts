/**
 * A local scripted model server for the real Claude Code and Codex CLIs:
 * the Anthropic Messages API (streamed as server-sent events) and the OpenAI
 * Responses API (streamed the same way). Each request is answered by a
 * script from the conversation so far — the client's prompt and the number of
 * turns already taken — so the same script drives either client. Every reply
 * carries the usage the script chose; the server keeps a list of what it
 * reported so that tests can compare it with what `novel` recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ToolCall {
  /** A Claude tool (Write, Edit, Bash, Read, …) or a Codex one (shell, apply_patch, …). */
  name: string;
  input: Record<string, unknown>;
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface Reply {
  text?: string;
  tools?: ToolCall[];
  usage?: Partial<Usage>;
}

export interface Turn {
  api: 'anthropic' | 'openai';
  /** Every text the client sent (system prompt, user prompt, instructions). */
  prompt: string;
  /** How many replies of this conversation came before (0 = the first request). */
  index: number;
  /** Tool results the client sent back for the previous reply, as text. */
  results: string[];
  /** Names of the tools the client offered. */
  toolNames: string[];
  /** The system prompt alone (Anthropic) or the instructions (OpenAI). */
  system: string;
  /** Every tool call of the conversation so far, with its result (Anthropic). */
  history: Array<{ name: string; input: Record<string, unknown>; result: string; isError: boolean }>;
}

export type Script = (turn: Turn) => Reply;

export interface ModelServer {
  url: string;
  /** Usage reported, one entry per scripted reply, in order. */
  reported: Array<{ api: Turn['api']; prompt: string; index: number; usage: Usage }>;
  /** Every request body received (for debugging a failing test). */
  requests: Array<{ url: string; body: unknown }>;
  close(): Promise<void>;
}

const DEFAULT_USAGE: Usage = {
  input_tokens: 1200,
  output_tokens: 300,
  cache_read_input_tokens: 8000,
  cache_creation_input_tokens: 2000,
};

function textOf(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(textOf).join('\n');
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.text === 'string') return o.text;
    if (o.content !== undefined) return textOf(o.content);
    if (typeof o.output === 'string') return o.output;
  }
  return '';
}

function sse(res: ServerResponse, events: Array<[string, unknown]>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const [event, data] of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

/** Anthropic Messages: the conversation's assistant turns count the index; tool_result blocks are the results. */
function anthropicTurn(body: Record<string, unknown>): Turn {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : [];
  const index = messages.filter((m) => m.role === 'assistant').length;
  const last = messages[messages.length - 1];
  const results = Array.isArray(last?.content)
    ? (last.content as Array<Record<string, unknown>>)
        .filter((b) => b.type === 'tool_result')
        .map((b) => `${b.is_error ? '[error] ' : ''}${textOf(b.content)}`)
    : [];
  const prompt = [textOf(body.system), ...messages.filter((m) => m.role === 'user').map((m) => textOf(m.content))].join(
    '\n',
  );
  const toolNames = Array.isArray(body.tools)
    ? (body.tools as Array<Record<string, unknown>>).map((t) => String(t.name))
    : [];
  const history: Turn['history'] = [];
  const byId = new Map<string, Turn['history'][number]>();
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content as Array<Record<string, unknown>>) {
      if (m.role === 'assistant' && b.type === 'tool_use') {
        const call = {
          name: String(b.name),
          input: (b.input ?? {}) as Record<string, unknown>,
          result: '',
          isError: false,
        };
        history.push(call);
        byId.set(String(b.id), call);
      }
      if (m.role === 'user' && b.type === 'tool_result') {
        const call = byId.get(String(b.tool_use_id));
        if (call) {
          call.result = textOf(b.content);
          call.isError = b.is_error === true;
        }
      }
    }
  }
  return { api: 'anthropic', prompt, index, results, toolNames, system: textOf(body.system), history };
}

function anthropicReply(res: ServerResponse, model: string, reply: Reply, usage: Usage, n: number): void {
  const events: Array<[string, unknown]> = [];
  events.push([
    'message_start',
    {
      type: 'message_start',
      message: {
        id: `msg_${n}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input_tokens,
          cache_read_input_tokens: usage.cache_read_input_tokens,
          cache_creation_input_tokens: usage.cache_creation_input_tokens,
          output_tokens: 1,
        },
      },
    },
  ]);
  let i = 0;
  if (reply.text !== undefined) {
    events.push([
      'content_block_start',
      { type: 'content_block_start', index: i, content_block: { type: 'text', text: '' } },
    ]);
    events.push([
      'content_block_delta',
      { type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: reply.text } },
    ]);
    events.push(['content_block_stop', { type: 'content_block_stop', index: i }]);
    i++;
  }
  for (const [k, tool] of (reply.tools ?? []).entries()) {
    events.push([
      'content_block_start',
      {
        type: 'content_block_start',
        index: i,
        content_block: { type: 'tool_use', id: `toolu_${n}_${k}`, name: tool.name, input: {} },
      },
    ]);
    events.push([
      'content_block_delta',
      {
        type: 'content_block_delta',
        index: i,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(tool.input) },
      },
    ]);
    events.push(['content_block_stop', { type: 'content_block_stop', index: i }]);
    i++;
  }
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: reply.tools?.length ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  sse(res, events);
}

/** OpenAI Responses: earlier function-call outputs in `input` count the index. */
function openaiTurn(body: Record<string, unknown>): Turn {
  const input = Array.isArray(body.input) ? (body.input as Array<Record<string, unknown>>) : [];
  const isCall = (t: unknown): boolean => t === 'function_call' || t === 'custom_tool_call' || t === 'local_shell_call';
  const isOutput = (t: unknown): boolean => t === 'function_call_output' || t === 'custom_tool_call_output';
  // A reply is one or more calls followed by their outputs: count groups of calls.
  let index = 0;
  let inCalls = false;
  for (const item of input) {
    if (isCall(item.type) || (item.type === 'message' && item.role === 'assistant')) {
      if (!inCalls) index++;
      inCalls = true;
    } else inCalls = false;
  }
  const results: string[] = [];
  for (let k = input.length - 1; k >= 0 && isOutput(input[k]?.type); k--)
    results.unshift(textOf((input[k] as Record<string, unknown>).output));
  const prompt = [
    textOf(body.instructions),
    ...input.filter((m) => m.type === 'message' && m.role !== 'assistant').map((m) => textOf(m.content)),
  ].join('\n');
  const toolNames = Array.isArray(body.tools)
    ? (body.tools as Array<Record<string, unknown>>).map((t) => String(t.name ?? t.type))
    : [];
  return { api: 'openai', prompt, index, results, toolNames, system: textOf(body.instructions), history: [] };
}

function openaiReply(res: ServerResponse, model: string, reply: Reply, usage: Usage, n: number): void {
  const items: Array<Record<string, unknown>> = [];
  if (reply.text !== undefined)
    items.push({
      type: 'message',
      id: `msg_${n}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: reply.text, annotations: [] }],
    });
  for (const [k, tool] of (reply.tools ?? []).entries()) {
    if (tool.name === 'apply_patch' && typeof tool.input.input === 'string')
      items.push({
        type: 'custom_tool_call',
        id: `ctc_${n}_${k}`,
        call_id: `call_${n}_${k}`,
        name: 'apply_patch',
        input: tool.input.input,
        status: 'completed',
      });
    else
      items.push({
        type: 'function_call',
        id: `fc_${n}_${k}`,
        call_id: `call_${n}_${k}`,
        name: tool.name,
        arguments: JSON.stringify(tool.input),
        status: 'completed',
      });
  }
  const id = `resp_${n}`;
  const events: Array<[string, unknown]> = [
    [
      'response.created',
      { type: 'response.created', response: { id, object: 'response', model, status: 'in_progress', output: [] } },
    ],
  ];
  for (const [k, item] of items.entries()) {
    events.push(['response.output_item.added', { type: 'response.output_item.added', output_index: k, item }]);
    events.push(['response.output_item.done', { type: 'response.output_item.done', output_index: k, item }]);
  }
  const total = usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
  events.push([
    'response.completed',
    {
      type: 'response.completed',
      response: {
        id,
        object: 'response',
        model,
        status: 'completed',
        output: items,
        usage: {
          input_tokens: total,
          input_tokens_details: { cached_tokens: usage.cache_read_input_tokens },
          output_tokens: usage.output_tokens,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: total + usage.output_tokens,
        },
      },
    },
  ]);
  sse(res, events);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startModelServer(
  script: Script,
  model = { anthropic: 'claude-sonnet-4-5-20250929', openai: 'gpt-5.1-codex' },
): Promise<ModelServer> {
  const reported: ModelServer['reported'] = [];
  const requests: ModelServer['requests'] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = req.url ?? '';
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        /* not JSON */
      }
      requests.push({ url, body });
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(url.includes('models') ? JSON.stringify({ object: 'list', data: [], models: [] }) : '{}');
        return;
      }
      const anthropic = url.startsWith('/v1/messages');
      if (anthropic && url.startsWith('/v1/messages/count_tokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ input_tokens: 100 }));
        return;
      }
      if (!anthropic && !url.includes('/responses')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `scripted server: no ${url}` } }));
        return;
      }
      const turn = anthropic ? anthropicTurn(body) : openaiTurn(body);
      // Side requests (titles, quota checks) offer no tools: answer briefly, report no usage.
      const scripted = turn.toolNames.length > 0;
      const reply = scripted ? script(turn) : { text: 'ok' };
      const usage: Usage = scripted
        ? { ...DEFAULT_USAGE, ...reply.usage }
        : { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
      if (scripted) reported.push({ api: turn.api, prompt: turn.prompt, index: turn.index, usage });
      n++;
      if (anthropic) {
        if (body.stream === false) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: `msg_${n}`,
              type: 'message',
              role: 'assistant',
              model: model.anthropic,
              content: [{ type: 'text', text: reply.text ?? 'ok' }],
              stop_reason: 'end_turn',
              stop_sequence: null,
              usage,
            }),
          );
        } else anthropicReply(res, model.anthropic, reply, usage, n);
      } else openaiReply(res, model.openai, reply, usage, n);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reported,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Codex config.toml pointing at the scripted server (a custom provider on
 * the Responses API), with update checks and analytics off; `extra` lines go
 * before the provider table.
 */
export function codexConfig(server: ModelServer, extra: string[] = []): string {
  return [
    'model = "gpt-5.1-codex"',
    'model_provider = "scripted"',
    'check_for_update_on_startup = false',
    ...extra,
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = "${server.url}/v1"`,
    'wire_api = "responses"',
    'env_key = "SCRIPTED_API_KEY"',
    '[analytics]',
    'enabled = false',
    '',
  ].join('\n');
}

/**
 * The environment of a real client talking to the scripted server only: a temporary HOME, no telemetry, no update
 * check.
 */
export function clientEnv(server: ModelServer, home: string, path: string): Record<string, string> {
  return {
    PATH: path,
    HOME: home,
    CODEX_HOME: `${home}/.codex`,
    SCRIPTED_API_KEY: 'sk-scripted',
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'sk-ant-scripted',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    NO_PROXY: '127.0.0.1,localhost',
  };
}

/** What novel reads of Claude Code's JSON result: usage that adds up, success that means success. */
import { describe, expect, it } from 'vitest';
import { parseClaudeOutput } from '../../src/core/agent-invocation.js';

const result = (over: Record<string, unknown>) =>
  JSON.stringify({
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: 'done',
    total_cost_usd: 0.05,
    usage: { input_tokens: 21, cache_read_input_tokens: 11000, cache_creation_input_tokens: 175, output_tokens: 400 },
    modelUsage: { 'claude-sonnet-4': {} },
    ...over,
  });

describe('the Claude Code result', () => {
  it('input tokens are fresh + cache read + cache creation, with the parts kept', () => {
    const r = parseClaudeOutput(result({}));
    expect(r).toMatchObject({
      ok: true,
      input_tokens: 11196,
      output_tokens: 400,
      cost_usd: 0.05,
      model: 'claude-sonnet-4',
    });
    expect(r.input_token_parts).toEqual({
      input_tokens: 21,
      cache_read_input_tokens: 11000,
      cache_creation_input_tokens: 175,
    });
  });

  it('success is subtype "success" without is_error; every other subtype is a failure', () => {
    expect(parseClaudeOutput(result({ subtype: 'error_max_turns' }))).toMatchObject({ ok: false, error: 'done' });
    expect(parseClaudeOutput(result({ is_error: true })).ok).toBe(false);
    expect(parseClaudeOutput(result({ subtype: 'error_during_execution', result: undefined })).error).toBe(
      'claude reported error_during_execution',
    );
  });

  it('permission denials are kept', () => {
    const denials = [{ tool_name: 'Bash', tool_input: { command: 'rm chapters/chapter-003.md' } }];
    expect(parseClaudeOutput(result({ permission_denials: denials })).permission_denials).toEqual(denials);
  });
});

import { describe, expect, it } from 'vitest';
import { addAttempt } from '../../src/core/usage.js';

describe('addAttempt', () => {
  it('the first attempt', () => {
    expect(
      addAttempt(undefined, 'claude', 1500, { model: 'opus', input_tokens: 100, output_tokens: 20, cost_usd: 0.5 }),
    ).toEqual({
      executor: 'claude',
      model: 'opus',
      attempts: 1,
      duration_ms: 1500,
      input_tokens: 100,
      output_tokens: 20,
      cost_usd: 0.5,
    });
  });

  it('unknown stays null, never zero', () => {
    const u = addAttempt(undefined, 'codex', 10, {});
    expect(u).toEqual({
      executor: 'codex',
      model: null,
      attempts: 1,
      duration_ms: 10,
      input_tokens: null,
      output_tokens: null,
      cost_usd: null,
    });
    const v = addAttempt(u, 'codex', 5, { cost_usd: 0 });
    expect(v).toMatchObject({ attempts: 2, duration_ms: 15, input_tokens: null, output_tokens: null, cost_usd: 0 });
  });

  it('adds up over attempts; the last reported model wins', () => {
    const a = addAttempt(undefined, 'claude', 100, {
      model: 'opus',
      input_tokens: 10,
      cost_usd: 0.1,
      input_token_parts: { cache_read: 5, fresh: 5 },
      permission_denials: [1],
    });
    const b = addAttempt(a, 'claude', 200, {
      input_tokens: 7,
      output_tokens: 3,
      input_token_parts: { cache_read: 2, cache_write: 1 },
      permission_denials: [1, 2],
    });
    expect(b).toEqual({
      executor: 'claude',
      model: 'opus',
      attempts: 2,
      duration_ms: 300,
      input_tokens: 17,
      input_token_parts: { cache_read: 7, fresh: 5, cache_write: 1 },
      output_tokens: 3,
      cost_usd: 0.1,
      permission_denials: 3,
    });
    expect(addAttempt(b, 'claude', 0, { model: 'sonnet' }).model).toBe('sonnet');
    expect(a.input_token_parts).toEqual({ cache_read: 5, fresh: 5 });
  });

  it('no parts and no denials: the keys are absent', () => {
    const u = addAttempt(undefined, 'x', 0, { permission_denials: [] });
    expect('input_token_parts' in u).toBe(false);
    expect('permission_denials' in u).toBe(false);
  });
});

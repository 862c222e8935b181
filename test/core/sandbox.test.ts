import { describe, expect, it } from 'vitest';
import { render, said } from '../../src/core/messages.js';
import {
  BOX_BASE_FLAGS,
  boxArgv,
  boxDetail,
  boxPlan,
  boxState,
  clientDirs,
  type BoxProbe,
} from '../../src/core/sandbox.js';

const found: BoxProbe = { ok: true, bwrap: '/usr/bin/bwrap' };
const missing: BoxProbe = { ok: false, reason: 'bwrap not found on PATH' };

describe('boxPlan', () => {
  it('auto boxes when the probe finds a working bwrap, and says why not otherwise', () => {
    expect(boxPlan('auto', () => found, false)).toEqual({
      box: true,
      bwrap: '/usr/bin/bwrap',
      said: { state: 'on', detail: '/usr/bin/bwrap' },
    });
    expect(boxPlan('auto', () => missing, false)).toEqual({
      box: false,
      said: { state: 'unavailable', detail: 'bwrap not found on PATH' },
    });
  });

  it('required refuses without the box, and boxes with it', () => {
    const refused = boxPlan('required', () => missing, false);
    expect(refused).toEqual({ refuse: said('boxplan.required', { detail: 'bwrap not found on PATH' }) });
    const words = (refused as { refuse: Parameters<typeof render>[1] }).refuse;
    expect(render('en', words)).toBe(
      'executor.sandbox is "required" but the box cannot be had: bwrap not found on PATH',
    );
    expect(render('zh', words)).toBe('executor.sandbox 设为 "required"，但这里无法建立沙箱：bwrap not found on PATH');
    expect(boxPlan('required', () => found, false)).toMatchObject({ box: true, bwrap: '/usr/bin/bwrap' });
  });

  it("a reason the probe said is said in the reader's language; its English is the detail", () => {
    const unsaid: BoxProbe = { ok: false, reason: said('boxprobe.not_on_path') };
    const state = boxState('auto', () => unsaid);
    expect(state).toEqual({
      state: 'unavailable',
      detail: 'bwrap not found on PATH (Debian/Ubuntu: apt-get install bubblewrap)',
      words: said('boxprobe.not_on_path'),
    });
    expect(render('zh', said('box.unavailable', { detail: boxDetail(state) }))).toBe(
      '沙箱：不可用（PATH 中找不到 bwrap（Debian/Ubuntu：apt-get install bubblewrap））：' +
        '执行器拥有你的全部权限，只有步骤守卫事后检查',
    );
  });

  it('off never probes; the in-process demo executor needs no box whatever the setting', () => {
    const never = (): BoxProbe => {
      throw new Error('probed');
    };
    expect(boxPlan('off', never, false)).toEqual({ box: false, said: { state: 'off', detail: '' } });
    for (const mode of ['auto', 'required', 'off'] as const)
      expect(boxPlan(mode, never, true)).toEqual({ box: false, said: { state: 'demo', detail: '' } });
  });
});

describe('boxState', () => {
  it('is on, off, unavailable or required-but-unavailable', () => {
    expect(boxState('auto', () => found)).toEqual({ state: 'on', detail: '/usr/bin/bwrap' });
    expect(boxState('required', () => found)).toEqual({ state: 'on', detail: '/usr/bin/bwrap' });
    expect(boxState('off', () => found)).toEqual({ state: 'off', detail: '' });
    expect(boxState('auto', () => missing)).toEqual({ state: 'unavailable', detail: 'bwrap not found on PATH' });
    expect(boxState('required', () => missing)).toEqual({ state: 'required', detail: 'bwrap not found on PATH' });
  });
});

describe('clientDirs', () => {
  it("names each client's own directories, from its variables first", () => {
    expect(clientDirs('claude', { HOME: '/h' }, '/x')).toEqual({ dirs: ['/h/.claude'], files: ['/h/.claude.json'] });
    expect(clientDirs('claude', { HOME: '/h', CLAUDE_CONFIG_DIR: '/c' }, '/x').dirs).toEqual(['/c']);
    expect(clientDirs('codex', { HOME: '/h', CODEX_HOME: '/k' }, '/x')).toEqual({ dirs: ['/k'], files: [] });
    expect(clientDirs('codex', {}, '/x').dirs).toEqual(['/x/.codex']);
    // A relative variable is not trusted to name a place.
    expect(clientDirs('codex', { CODEX_HOME: 'rel', HOME: 'rel' }, '/x').dirs).toEqual(['/x/.codex']);
    expect(clientDirs('command', { HOME: '/h' }, '/x')).toEqual({
      dirs: ['/h/.claude', '/h/.codex'],
      files: ['/h/.claude.json'],
    });
  });
});

describe('boxArgv', () => {
  const spec = {
    bwrap: '/usr/bin/bwrap',
    root: '/p',
    stagingWritable: true,
    tempDir: '/t/step',
    writable: ['/h/.codex'],
    cwd: '/p',
  };
  it(
    'binds / read-only, then staging/, the client directories and the ' +
      'temporary directory writable, in a PID namespace that dies with the step',
    () => {
      const argv = boxArgv(spec, ['sh', '-c', 'x']);
      expect(argv.slice(0, 1 + BOX_BASE_FLAGS.length)).toEqual(['/usr/bin/bwrap', ...BOX_BASE_FLAGS]);
      expect(BOX_BASE_FLAGS.join(' ')).toMatch(/^--ro-bind \/ \/ /);
      for (const f of ['--unshare-pid', '--die-with-parent', '--new-session']) expect(BOX_BASE_FLAGS).toContain(f);
      // No capability inside, whoever runs novel (root's bwrap would keep them all).
      expect(BOX_BASE_FLAGS.join(' ')).toContain('--cap-drop ALL');
      // The network is shared: the models are remote.
      expect(argv).not.toContain('--unshare-net');
      expect(argv).not.toContain('--unshare-all');
      const rest = argv.slice(1 + BOX_BASE_FLAGS.length);
      expect(rest).toEqual([
        '--bind',
        '/p/staging',
        '/p/staging',
        '--bind',
        '/h/.codex',
        '/h/.codex',
        '--bind',
        '/t/step',
        '/t/step',
        '--setenv',
        'TMPDIR',
        '/t/step',
        '--chdir',
        '/p',
        '--',
        'sh',
        '-c',
        'x',
      ]);
    },
  );

  it('a read-only agent gets no writable staging/', () => {
    expect(boxArgv({ ...spec, stagingWritable: false }, ['codex'])).not.toContain('/p/staging');
  });
});

/** Loads and validates novel.config.json (every command that opens a project). */
import { diagnosticsError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { resolveSettings, type Settings } from '../core/settings.js';
import { ConfigSchema } from '../schemas/config.js';
import type { ProjectFs } from './project-fs.js';

export function loadSettings(fs: ProjectFs): Settings {
  const parsed = fs.readJson(paths.config, ConfigSchema, 'invalid_config', (field) =>
    field === '' ? undefined : said('settings.keys.fix'),
  );
  if (parsed && !parsed.ok)
    throw diagnosticsError('invalid_config', said('bookfile.invalid', { file: paths.config }), parsed.diagnostics);
  const { settings, diagnostics } = resolveSettings(parsed?.value ?? null);
  if (diagnostics.length)
    throw diagnosticsError('invalid_config', said('bookfile.invalid', { file: paths.config }), diagnostics);
  return settings;
}

/**
 * The offline demo executor: deterministic outputs for every agent, computed
 * from the instruction packet and the files it names. Chinese prose follows the
 * outline block; the delta sets the POV character's location and carries the
 * foreshadowing tasks; the judge's overall scores are scripted per revision
 * round (NOVEL_DEMO_SCORES=3.2,4.1 ⇒ round 0 scores 3.2, round 1 scores 4.1).
 */
import type { Packet } from '../schemas/packet.js';
import { prettyJson } from './canonical-json.js';
import { chapterTitle } from './chapter-text.js';
import { isObj, type Obj } from './context/project-view.js';
import { padChapter } from './step-id.js';

export interface DemoInput {
  packet: Packet;
  /** Text of a project file (undefined when absent). */
  read: (rel: string) => string | undefined;
  /** Overall score per revision round; the last one repeats. */
  scores: number[];
}

export const DEFAULT_DEMO_SCORES = [4.2];

export function parseDemoScores(raw: string | undefined): number[] | string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_DEMO_SCORES;
  const scores = raw.split(',').map((s) => Number(s.trim()));
  if (scores.some((s) => !Number.isFinite(s) || s < 0 || s > 5)) return `NOVEL_DEMO_SCORES=${raw}: expected comma-separated numbers in [0, 5], e.g. 3.2,4.1`;
  return scores;
}

function keyLines(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^\s*[-*]\s+\*\*([^*]+)\*\*\s*[:\uff1a]\s*(.*)$/.exec(line);
    if (m) out[(m[1] as string).trim()] = (m[2] as string).trim();
  }
  return out;
}

function headingTitle(block: string, chapter: number): string {
  const first = block.split('\n')[0] ?? '';
  const m = /\u7ae0[:\uff1a\s]*(.*)$/.exec(first);
  const t = (m?.[1] ?? '').trim();
  return t || `第${chapter}章`;
}

function draft(input: DemoInput): Record<string, string> {
  const inline = input.packet.manifest.inline as Obj;
  const chapter = Number(inline.chapter);
  const block = String(inline.chapter_outline_block ?? '');
  const k = keyLines(block);
  const title = headingTitle(block, chapter);
  const paras = [
    `${k.Location ?? '山门'}的风带着寒意。${k.POV ?? '他'}站在原地，想起了${k.Conflict ?? '眼前的难题'}。`,
    `这一夜，${k.POV ?? '他'}终于明白：${k.Arc ?? '路要自己走'}。`,
    `${k.TransitionHint ? `远处传来消息，${k.TransitionHint}。` : '夜色渐深。'}`,
  ];
  if (input.packet.mode === 'revision') {
    const fixes = Array.isArray(inline.required_fixes) ? (inline.required_fixes as Obj[]) : [];
    const round = Array.isArray(inline.high_confidence_violations) ? inline.high_confidence_violations.length : 0;
    paras.push(`（修订${fixes.length ? `：${fixes.map((f) => String(f.instruction)).join('；')}` : ''}${round ? `，已处理 ${round} 处硬性冲突` : ''}）`);
    paras.push(`${k.POV ?? '他'}停下脚步，把每一处细节重新想了一遍，才继续向前。`);
  }
  return { [`staging/chapters/chapter-${padChapter(chapter)}.md`]: `# 第${chapter}章 ${title}\n\n${paras.join('\n\n')}\n` };
}

function summarize(input: DemoInput): Record<string, string> {
  const inline = input.packet.manifest.inline as Obj;
  const chapter = Number(inline.chapter);
  const nnn = padChapter(chapter);
  const paths = input.packet.manifest.paths;
  const text = input.read(String(paths.chapter_draft)) ?? '';
  const storyline = typeof inline.storyline_id === 'string' ? inline.storyline_id : 'main';
  const stateText = typeof paths.current_state === 'string' ? input.read(paths.current_state) : undefined;
  const state = stateText ? (JSON.parse(stateText) as Obj) : {};
  const entityMap = isObj(inline.entity_id_map) ? (inline.entity_id_map as Record<string, string>) : {};
  const present = Object.entries(entityMap).filter(([, name]) => text.includes(name)).map(([slug]) => slug).sort();
  const ops: Obj[] = present.map((slug) => ({ op: 'set', path: `characters.${slug}.last_seen_chapter`, value: chapter }));
  const tasks = Array.isArray(inline.foreshadowing_tasks) ? (inline.foreshadowing_tasks as Obj[]) : [];
  for (const t of tasks) {
    const reasons = Array.isArray(t.reasons) ? t.reasons : [];
    const action = reasons.includes('plant_here') ? 'planted' : reasons.includes('resolve_window') || reasons.includes('overdue_short') ? 'advanced' : 'advanced';
    ops.push({ op: 'foreshadow', path: String(t.id), value: action, detail: `第${chapter}章` });
  }
  const body = text.split('\n').filter((l) => l.trim() && !l.startsWith('# ')).join('');
  const summary = `# 第${chapter}章摘要\n\n${body.slice(0, 120)}\n`;
  const memoryPath = `storylines/${storyline}/memory.md`;
  const memory = input.read(memoryPath) ?? `# ${storyline} 记忆\n`;
  return {
    [`staging/summaries/chapter-${nnn}-summary.md`]: summary,
    [`staging/state/chapter-${nnn}-delta.json`]: prettyJson({
      chapter,
      base_state_version: typeof state.state_version === 'number' ? state.state_version : 0,
      storyline_id: storyline,
      ops,
      unknown_entities: [],
    }),
    [`staging/state/chapter-${nnn}-crossref.json`]: prettyJson({ storyline_id: storyline, cross_references: [], leak_risk: 'none' }),
    [`staging/storylines/${storyline}/memory.md`]: `${memory.trimEnd()}\n- 第${chapter}章：${body.slice(0, 40)}\n`,
    [`staging/state/chapter-${nnn}-memory.json`]: prettyJson({
      chapter,
      time_anchor: `第${chapter}章`,
      location: '',
      events: [body.slice(0, 30)],
      character_states: Object.fromEntries(present.map((s) => [s, '在场'])),
      open_threads: [],
    }),
  };
}

function refine(input: DemoInput): Record<string, string> {
  const inline = input.packet.manifest.inline as Obj;
  const chapter = Number(inline.chapter);
  const rel = String(input.packet.manifest.paths.chapter_draft);
  const text = input.read(rel) ?? '';
  const blacklistText = typeof input.packet.manifest.paths.ai_blacklist === 'string' ? input.read(input.packet.manifest.paths.ai_blacklist) : undefined;
  const words = blacklistText ? ((JSON.parse(blacklistText) as Obj).words as unknown[] | undefined) ?? [] : [];
  const changes: Obj[] = [];
  let out = text;
  for (const w of words.map(String)) {
    if (out.includes(w)) {
      out = out.split(w).join('');
      changes.push({ before: w, after: '', reason: 'ai-blacklist' });
    }
  }
  const marker = input.packet.mode === 'polish' ? '（精修）' : '（润色）';
  out = `${out.trimEnd()}\n\n${marker}\n`;
  changes.push({ before: '', after: marker, reason: input.packet.mode === 'polish' ? 'polish pass' : 'style pass' });
  const title = chapterTitle(text);
  if (title && chapterTitle(out) !== title) out = `${title}\n${out}`;
  return { [rel]: out, [`staging/logs/style-refiner-chapter-${padChapter(chapter)}-changes.json`]: prettyJson(changes) };
}

function judge(input: DemoInput, round: number): Record<string, string> {
  const inline = input.packet.manifest.inline as Obj;
  const chapter = Number(inline.chapter);
  const overall = input.scores[Math.min(round, input.scores.length - 1)] ?? 4.2;
  const lower = Math.max(0, Math.round((overall - 0.3) * 100) / 100);
  const upper = Math.min(5, Math.round((overall + 0.2) * 100) / 100);
  return {
    [`staging/evaluations/chapter-${padChapter(chapter)}-eval.json`]: prettyJson({
      chapter,
      overall,
      recommendation: overall >= 4 ? 'pass' : 'revise',
      contract_verification: {
        l1_checks: [{ rule_id: 'demo-rules', status: 'pass', confidence: 'high' }],
        l2_checks: [],
        l3_checks: [{ objective_id: `C${padChapter(chapter)}-O1`, status: 'pass', confidence: 'medium' }],
        ls_checks: [],
      },
      scores: {
        plot: { score: lower, reason: overall >= 4 ? '情节推进清晰' : '冲突的代价不够，转折略显仓促' },
        style: { score: upper, reason: overall >= 4 ? '文风贴合设定' : '环境描写偏少' },
      },
      required_fixes: overall >= 4 ? [] : [{ target: '第二段', instruction: '写出主角为突破付出的代价' }],
    }),
  };
}

const PLAN_LOCATIONS = ['青岚山门', '外门演武场', '藏经阁', '后山剑冢', '山下集镇', '黑风谷'];
const PLAN_CONFLICTS = ['门规与本心相争', '旧敌再度逼近', '残剑的秘密露出一角', '同门起了猜忌', '外敌试探山门', '一次代价沉重的抉择'];
const PLAN_ARCS = ['从犹疑到决断', '学会隐忍', '看清身边的人', '承担后果', '信念动摇又重建', '向前一步'];

/** The plot-architect: a plausible, valid plan of the packet's chapter range. */
function plan(input: DemoInput): Record<string, string> {
  const inline = input.packet.manifest.inline as Obj;
  const volume = Number(inline.volume);
  const [from, to] = (Array.isArray(inline.chapter_range) ? inline.chapter_range : [1, 1]).map(Number) as [number, number];
  const paths = input.packet.manifest.paths;
  const storylinesText = typeof paths.storylines === 'string' ? input.read(paths.storylines) : undefined;
  const listed = storylinesText ? ((JSON.parse(storylinesText) as Obj).storylines as Obj[] | undefined) ?? [] : [];
  const lines = listed.map((l) => String(l.id)).filter((id) => /^[a-z0-9][a-z0-9_-]{0,63}$/.test(id)).slice(0, 3);
  if (lines.length === 0) lines.push('main');
  const files = Array.isArray(paths.character_files) ? paths.character_files : [];
  const names: string[] = [];
  for (const f of files.filter((x) => x.endsWith('.json'))) {
    const text = input.read(f);
    const name = text ? (JSON.parse(text) as Obj).display_name : undefined;
    if (typeof name === 'string') names.push(name);
  }
  const pov = names[0] ?? '主角';
  const vv = String(volume).padStart(2, '0');
  const dir = `staging/volumes/vol-${vv}`;
  const fid = `v${vv}-f1`;
  const out: Record<string, string> = {};
  const blocks: string[] = [];
  for (let c = from; c <= to; c++) {
    const i = c - from;
    const line = lines[i % 4 === 3 ? 1 % lines.length : 0] as string;
    const conflict = PLAN_CONFLICTS[i % PLAN_CONFLICTS.length] as string;
    blocks.push(
      [
        `### 第 ${c} 章: 第${volume}卷·其${i + 1}`,
        `- **Storyline**: ${line}`,
        `- **POV**: ${pov}`,
        `- **Location**: ${PLAN_LOCATIONS[i % PLAN_LOCATIONS.length]}`,
        `- **Conflict**: ${conflict}`,
        `- **Arc**: ${PLAN_ARCS[i % PLAN_ARCS.length]}`,
        `- **Foreshadowing**: ${i === 0 ? `${fid} 卷中伏笔（埋下）` : c === to ? `${fid} 回收` : '无'}`,
        `- **StateChanges**: 无`,
        `- **TransitionHint**: ${c === to ? `转入第${volume + 1}卷` : `引出第${c + 1}章`}`,
      ].join('\n'),
    );
    out[`${dir}/chapter-contracts/chapter-${padChapter(c)}.json`] = prettyJson({
      chapter: c,
      storyline_id: line,
      storyline_context: { last_chapter_summary: c === from ? '' : `第${c - 1}章：${PLAN_CONFLICTS[(i - 1) % PLAN_CONFLICTS.length]}。`, chapters_since_last: 1, line_arc_progress: `${line} ${i + 1}/${to - from + 1}`, concurrent_state: {} },
      preconditions: {},
      objectives: [{ id: `c${padChapter(c)}-o1`, type: 'plot', required: true, description: conflict }],
      postconditions: {},
      acceptance_criteria: [`完成冲突：${conflict}`, '结尾留有钩子'],
    });
  }
  out[`${dir}/outline.md`] = `# 第${volume}卷\n\n本卷 ${to - from + 1} 章（第 ${from}–${to} 章）。\n\n${blocks.join('\n\n')}\n`;
  out[`${dir}/storyline-schedule.json`] = prettyJson({
    volume,
    active_storylines: lines.map((id, k) => ({ storyline_id: id, volume_role: k === 0 ? 'primary' : 'secondary' })),
    convergence_events: [],
    dormant_storylines: [],
  });
  out[`${dir}/foreshadowing.json`] = prettyJson({
    volume,
    foreshadowing: [{ id: fid, description: `第${volume}卷埋下、卷末回收的伏笔`, scope: 'medium', status: 'planned', target_resolve_range: [from, to], history: [] }],
  });
  out[`${dir}/new-characters.json`] = prettyJson([]);
  return out;
}

/** The files the demo executor writes for this packet (paths under staging/). */
export function demoOutputs(input: DemoInput, round: number): Record<string, string> {
  const name = input.packet.agent.name;
  switch (name) {
    case 'chapter-writer':
      return draft(input);
    case 'summarizer':
      return summarize(input);
    case 'style-refiner':
      return refine(input);
    case 'quality-judge':
      return judge(input, round);
    case 'plot-architect':
      return plan(input);
    default:
      return {};
  }
}

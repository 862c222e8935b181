/**
 * The one catalogue of what novel says to a person, in English and in
 * Chinese. `--lang zh|en`, else LC_ALL / LC_MESSAGES / LANG (zh_* ⇒ Chinese)
 * picks the language; `--json` keys and codes never change. Terms follow the
 * web-novel trade: 卷, 章, 大纲, 人设, 伏笔, 字数, 存稿. Pure.
 */

import { CHAPTER_STAGES, keysOf, LADDER_NOTES_ZH, RUNGS, stageZh, type LadderRung } from './step-table.js';
import { STEP_ID_FORMAT, STEP_ID_FORMAT_ZH } from './step-id.js';

export type Lang = 'en' | 'zh';

/** The language of a run: the flag, else the locale of the environment. */
export function langOf(env: Readonly<Record<string, string | undefined>>, flag?: string): Lang {
  if (flag === 'zh' || flag === 'en') return flag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh' : 'en';
}

type Text<A> = (a: A) => string;
interface Entry<A> {
  en: Text<A>;
  zh: Text<A>;
}
const entry = <A = Record<string, never>>(en: Text<A>, zh: Text<A>): Entry<A> => ({ en, zh });

type Rung = LadderRung;
const RUNG_ZH: Record<Rung, string> = Object.fromEntries(keysOf(RUNGS).map((r) => [r, RUNGS[r].zh])) as Record<Rung, string>;
const ACTION_ZH: Record<string, string> = { execute: '执行', advance: '登记', commit: '入库', review: '待作者决定', recover: '恢复', done: '完成', fix: '先修复' };
/** " (revision 2)" / " (polish pass)" as the Chinese text says it. */
/** The notes of the status ladder's rungs (machines/pipeline.states.ts meta). */
const NOTE_ZH: Record<string, string> = Object.fromEntries(LADDER_NOTES_ZH);
const modeZh = (mode: string): string => mode.replace(/^ \(revision (\d+)\)$/, '（第$1轮修改）').replace(/^ \(polish pass\)$/, '（打磨）');
const SEVERITY_ZH: Record<string, string> = { error: '错误', warning: '警告', info: '提示' };

/**
 * The catalogue, in groups named by the first word of their keys (`next.…`,
 * `error.…`). A group is built when one of its messages is first said: a
 * command builds only the groups it speaks, and its code cache holds only
 * their code (a message never said is never compiled).
 */
const GROUPS = {
  // ---- status ----
  status: () => ({
    'status.where.chapter': entry<{ chapter: number; position: number | null; chapters: number | null; volume: number; first: number | null; last: number | null }>(
      (a) => `chapter ${a.chapter}${a.position !== null ? ` (${a.position} of ${a.chapters} in volume ${a.volume}, chapters ${a.first}–${a.last})` : a.chapters !== null ? ` (not in the volume ${a.volume} outline, which has ${a.chapters} chapters)` : ` (volume ${a.volume}: no outline yet)`}`,
      (a) => `第${a.chapter}章${a.position !== null ? `（第${a.volume}卷大纲第 ${a.position}/${a.chapters} 章，第${a.first}–${a.last}章）` : a.chapters !== null ? `（不在第${a.volume}卷大纲中，大纲共 ${a.chapters} 章）` : `（第${a.volume}卷：尚无大纲）`}`,
    ),
    'status.where.volume': entry<{ volume: number; doing: 'done' | 'recover' | 'setup' | 'plan'; step: string }>(
      (a) => `volume ${a.volume}: ${a.doing === 'done' ? 'the planned book is complete' : a.doing === 'recover' ? 'an interrupted plan commit to finish' : a.doing === 'setup' ? `setting up the book (${a.step})` : 'planning'}`,
      (a) => `第${a.volume}卷：${a.doing === 'done' ? '全书按计划已完结' : a.doing === 'recover' ? '有中断的卷规划入库待完成' : a.doing === 'setup' ? `新书设定中（${a.step}）` : '规划中'}`,
    ),
    'status.where.import': entry<{ chapter: number }>((a) => `imported chapter ${a.chapter}: its catch-up summary`, (a) => `导入的第${a.chapter}章：补写摘要`),
    'status.committed': entry<{ n: number }>((a) => `${a.n} chapter(s) committed`, (a) => `已入库 ${a.n} 章`),
    'status.rung': entry<{ rung: string }>((a) => a.rung, (a) => RUNG_ZH[a.rung as Rung] ?? a.rung),
    'status.action': entry<{ action: string }>((a) => a.action, (a) => ACTION_ZH[a.action] ?? a.action),
    'status.note': entry<{ note: string }>((a) => a.note, (a) => NOTE_ZH[a.note] ?? a.note),
    'status.round': entry<{ n: number; max: number }>((a) => `revision round: ${a.n} of ${a.max}`, (a) => `修改轮次：${a.n} / ${a.max}`),
    'status.gate': entry<{ decision: string; reason: string }>((a) => `gate: ${a.decision} — ${a.reason}`, (a) => `闸门：${a.decision}（${zhPhrase(a.reason)}）`),
    'status.lock.free': entry((_) => 'lock: free', (_) => '锁：空闲'),
    'status.lock.held': entry<{ holder: string; stale: string | null }>(
      (a) => `lock: held by ${a.holder}${a.stale ? ` — stale (${a.stale}); \`novel lock clear\` removes it` : ''}`,
      (a) => `锁：被占用（${a.holder}）${a.stale ? `，已过期（${a.stale}）；\`novel lock clear\` 可清除` : ''}`,
    ),
    'status.why': entry<{ reason: string }>((a) => `why: ${a.reason}`, (a) => `原因：${a.reason}`),
    'status.next': entry<{ command: string }>((a) => `next: ${a.command}`, (a) => `下一步：${a.command}`),
    'status.judge': entry((_) => 'the judge said (heaviest first):', (_) => '评审意见（按轻重排列）：'),
    'status.judge.kind': entry<{ kind: 'violation' | 'fix' | 'dimension' }>(
      (a) => ({ violation: 'violation', fix: 'required fix', dimension: 'score' })[a.kind],
      (a) => ({ violation: '违规', fix: '必改', dimension: '评分' })[a.kind],
    ),
    'status.boundary': entry<{ list: string }>((a) => `the book's final trees changed outside novel (${a.list}); every other command refuses until this is fixed`, (a) => `书稿文件在 novel 之外被改动（${a.list}）；修复之前其他命令都会拒绝执行`),
    'status.book': entry<{ n: number; zishu: number; logs: number; input: number; output: number; cost: string }>(
      (a) => `book: ${a.n} chapter(s) committed, 字数 ${a.zishu}; from ${a.logs} chapter log(s): ${a.input} input / ${a.output} output tokens, ${a.cost}`,
      (a) => `全书：已入库 ${a.n} 章，字数 ${a.zishu}；据 ${a.logs} 份章节日志：输入 ${a.input} / 输出 ${a.output} tokens，费用 ${a.cost}`,
    ),
    'status.dormant': entry<{ n: number }>((a) => `foreshadowing: ${a.n} item(s) dormant (the next draft packet asks for a light touch: foreshadow_light_touch)`, (a) => `伏笔：${a.n} 条沉寂已久（下一章的写作指令会要求轻触：foreshadow_light_touch）`),
  }),
  // ---- why the next step (novel next, status) ----
  next: () => ({
    'next.error_retry': entry<{ reason: string }>((a) => `the last run's executor failed here (orchestrator_state ERROR_RETRY; fix the cause, then \`novel run\` retries): ${a.reason}`, (a) => `上次运行的执行器在此失败（ERROR_RETRY；排除原因后 \`novel run\` 会重试）：${a.reason}`),
    'next.recover': entry<{ file: string }>((a) => `an unfinished commit journal ${a.file} must be rolled forward first`, (a) => `有未完成的入库日志 ${a.file}，须先完成入库`),
    'next.recover.rewind': entry<{ file: string; chapter: number }>((a) => `an interrupted rewind to before chapter ${a.chapter} must be rolled forward first (its journal ${a.file})`, (a) => `有一次中断的回退（回到第${a.chapter}章之前）须先补完（回退日志 ${a.file}）`),
    'next.complete': entry<{ last: number; total: number }>((a) => `the planned book is written: chapter ${a.last} of ${a.total} is committed (config book_chapters)`, (a) => `全书按计划写完：第${a.last}章（共 ${a.total} 章）已入库（book_chapters）`),
    'next.plan_ready': entry<{ volume: number; first: number; last: number; dir: string }>((a) => `the plan of volume ${a.volume} (chapters ${a.first}–${a.last}) is staged and valid: commit it into ${a.dir}/`, (a) => `第${a.volume}卷（第${a.first}–${a.last}章）的规划已就绪且有效：入库到 ${a.dir}/`),
    'next.plan_invalid': entry<{ volume: number; step: string }>((a) => `the staged plan of volume ${a.volume} does not validate (see \`novel validate ${a.step}\`): run the plot-architect again`, (a) => `第${a.volume}卷的存稿规划未通过校验（见 \`novel validate ${a.step}\`）：请重新运行 plot-architect`),
    'next.setup': entry<{ step: string; agent: string; what: string }>((a) => `the book is set up first (${a.step}): run the ${a.agent} to ${a.what}`, (a) => `先为新书做设定（${a.step}）：请运行 ${a.agent}${a.what === 'build the world and the storylines' ? '，建立世界观与故事线' : a.what === 'weave the cast' ? '，编织人物' : '，从 samples/ 提炼文风'}`),
    'next.setup_ready': entry<{ step: string }>((a) => `the staged files of ${a.step} are valid: move them into place`, (a) => `${a.step} 的存稿文件有效：移入作品`),
    'next.setup_invalid': entry<{ step: string; agent: string }>((a) => `the staged files of ${a.step} do not validate (see \`novel validate ${a.step}\`): run the ${a.agent} again`, (a) => `${a.step} 的存稿文件未通过校验（见 \`novel validate ${a.step}\`）：请重新运行 ${a.agent}`),
    'next.import_summarize': entry<{ chapter: number; total: number }>((a) => `imported chapter ${a.chapter} of ${a.total} needs its catch-up summary: run the summarizer on it`, (a) => `导入的第${a.chapter}章（共${a.total}章）需要补写摘要：请运行 summarizer`),
    'next.import_advance': entry<Record<string, never>>(() => 'the catch-up summary is staged and valid: advance it', () => '补写的摘要已就绪且有效：请推进'),
    'next.import_commit': entry<{ chapter: number }>((a) => `the catch-up summary of imported chapter ${a.chapter} is advanced: commit it (the imported text stays as it is)`, (a) => `导入的第${a.chapter}章的补写摘要已推进：请入库（导入的正文保持不变）`),
    'next.plan': entry<{ volume: number; first: number; last: number }>((a) => `volume ${a.volume} is to be planned: run the plot-architect for chapters ${a.first}–${a.last}`, (a) => `第${a.volume}卷待规划：请运行 plot-architect 规划第${a.first}–${a.last}章的大纲`),
    'next.commit': entry<{ gate: string | null }>((a) => (a.gate ? `the gate allows the commit: ${a.gate}` : 'the gate allows the commit'), (a) => (a.gate ? `闸门放行，可以入库：${zhPhrase(a.gate)}` : '闸门放行，可以入库')),
    'next.review': entry<{ gate: string | null }>((a) => (a.gate ? `paused for the author: ${a.gate}` : 'paused for the author'), (a) => (a.gate ? `暂停，等待作者决定：${zhPhrase(a.gate)}` : '暂停，等待作者决定')),
    'next.interrupted': entry<{ step: string; attempt: number }>(
      (a) => `an execution of ${a.step} (attempt ${a.attempt}) by \`novel run\` was interrupted: its outputs may be partial and are not reused; the step runs again (\`novel run\` moves them to staging/revisions/…/interrupted-K/ first), or \`novel advance ${a.step}\` records them if you checked them`,
      (a) => `\`novel run\` 对 ${a.step} 的第 ${a.attempt} 次执行被中断：产出可能不完整，不会复用；这一步将重跑（\`novel run\` 先把它们移到 staging/revisions/…/interrupted-K/），若你已检查无误，也可用 \`novel advance ${a.step}\` 登记`,
    ),
    'next.advance': entry<{ who: string; mode: string; draftLost: boolean }>(
      (a) => (a.draftLost ? `the staged chapter replaced the one recorded at the draft advance${a.mode}: record it as the draft` : `the ${a.who} outputs${a.mode} are present, new and valid: record them`),
      (a) => (a.draftLost ? `存稿章节已替换起草登记时的版本${modeZh(a.mode)}：登记为新草稿` : `${a.who} 的产出${modeZh(a.mode)}已就绪、是新的且有效：登记它们`),
    ),
    'next.execute': entry<{ who: string; mode: string; why: 'lost' | 'missing' | 'invalid' | 'unchanged'; step: string; refine: boolean }>(
      (a) =>
        a.why === 'lost'
          ? `the drafted chapter is missing from staging or was replaced since its advance: draft it again${a.mode}`
          : a.why === 'missing'
            ? `run the ${a.who}${a.mode}`
            : a.why === 'invalid'
              ? `the ${a.who} outputs${a.mode} do not validate: run it again (see \`novel validate ${a.step}\`)`
              : `the ${a.who} outputs${a.mode} are unchanged since the last advance: run it${a.refine ? ' (a refine that changes nothing counts once it writes a fresh change log)' : ''}`,
      (a) =>
        a.why === 'lost'
          ? `起草登记后的章节在存稿区丢失或被替换：请重新起草${modeZh(a.mode)}`
          : a.why === 'missing'
            ? `请运行 ${a.who}${modeZh(a.mode)}`
            : a.why === 'invalid'
              ? `${a.who} 的产出${modeZh(a.mode)}未通过校验：请重跑（见 \`novel validate ${a.step}\`）`
              : `${a.who} 的产出${modeZh(a.mode)}自上次登记后没有变化：请运行它${a.refine ? '（润色若确实无需改动，写一份新的修改记录即可）' : ''}`,
    ),
  }),
  // ---- advance, decide, validate, commit: what was done ----
  done: () => ({
    'done.setup.head': entry<{ step: string; dry: boolean }>((a) => `${a.dry ? 'would commit' : 'committed'} the setup step ${a.step}:`, (a) => `${a.dry ? '将入库' : '已入库'}设定步骤 ${a.step}：`),
    'done.setup.recovered': entry<Record<string, never>>(() => 'the interrupted setup commit was rolled forward', () => '中断的设定入库已完成'),
    'done.advanced': entry<{ step: string; from: string; to: string }>((a) => `advanced ${a.step}: ${a.from} → ${a.to}`, (a) => `已登记 ${a.step}：${a.from} → ${a.to}`),
    'done.decided': entry<{ chapter: number; decision: string; from: string; to: string }>((a) => `chapter ${a.chapter}: ${a.decision} (${a.from} → ${a.to})`, (a) => `第${a.chapter}章：${({ accept: '接受', revise: '修改', rewrite: '重写' } as Record<string, string>)[a.decision] ?? a.decision}（${a.from} → ${a.to}）`),
    'done.archived': entry<{ n: number; dir: string }>((a) => `archived ${a.n} file(s) to ${a.dir}/`, (a) => `已把 ${a.n} 个文件归档到 ${a.dir}/`),
    'done.next': entry<{ step: string; action: string }>((a) => `next: ${a.step} (${a.action})`, (a) => `下一步：${a.step}（${ACTION_ZH[a.action] ?? a.action}）`),
    'done.rolled_forward': entry<{ kind: string; n: number | null }>((a) => `rolled forward an unfinished commit (${a.kind} ${a.n}) first`, (a) => `先补完了一次未完成的入库（${a.kind === 'volume' ? `第${a.n}卷` : `第${a.n}章`}）`),
    'done.valid': entry<{ step: string }>((a) => `${a.step}: valid`, (a) => `${a.step}：校验通过`),
    'done.valid.plan': entry<{ step: string; first: number; last: number }>((a) => `${a.step}: valid (chapters ${a.first}–${a.last})`, (a) => `${a.step}：校验通过（第${a.first}–${a.last}章）`),
    'done.output': entry<{ path: string; unchanged: boolean }>((a) => `  ${a.path}${a.unchanged ? ' (unchanged since the last advance)' : ''}`, (a) => `  ${a.path}${a.unchanged ? '（自上次登记后未变）' : ''}`),
    'done.commit.head': entry<{ chapter: number; dry: boolean }>((a) => `${a.dry ? 'would commit' : 'committed'} chapter ${a.chapter}:`, (a) => `${a.dry ? '将入库' : '已入库'}第${a.chapter}章：`),
    'done.commit.ops': entry<{ applied: number; dropped: number }>((a) => `  state ops: ${a.applied} applied, ${a.dropped} dropped`, (a) => `  状态操作：应用 ${a.applied} 条，丢弃 ${a.dropped} 条`),
    'done.commit.recovered': entry<{ chapter: number }>((a) => `chapter ${a.chapter}: an interrupted commit was rolled forward; the chapter is committed`, (a) => `第${a.chapter}章：补完了一次中断的入库，本章已入库`),
    'done.plan.recovered': entry<{ volume: number }>((a) => `volume ${a.volume}: an interrupted plan commit was rolled forward`, (a) => `第${a.volume}卷：补完了一次中断的规划入库`),
  }),
  // ---- lint ----
  lint: () => ({
    'lint.head': entry<{ zishu: number; hard: number; soft: number; warn: number; perK: number; ai: number }>(
      (a) => `lint: ${a.zishu} 字, ${a.hard} hard, ${a.soft} soft, ${a.warn} warn; AI flavour ${Number(a.ai).toFixed(2)}; AI clichés ${a.perK} per 1,000 字`,
      (a) => `检查：${a.zishu} 字，硬伤 ${a.hard}，提示 ${a.soft}，留意 ${a.warn}；AI味 ${Number(a.ai).toFixed(2)}；AI 套话每千字 ${a.perK} 处`,
    ),
    'lint.report.head': entry<{ chapter: number; source: string; zishu: number; paragraphs: number; sentences: number; ai: number; hits: number; perK: number; dialogue: number }>(
      (a) => `chapter ${a.chapter} (${a.source}): ${a.zishu} 字, ${a.paragraphs} paragraph(s), ${a.sentences} sentence(s); AI flavour ${Number(a.ai).toFixed(2)}; AI clichés ${a.hits} (${a.perK} per 1,000 字), dialogue ${a.dialogue}%`,
      (a) => `第${a.chapter}章（${a.source === 'staging' ? '暂存区' : a.source === 'chapters' ? '已入库' : a.source === 'file' ? '文件' : a.source}）：${a.zishu} 字，${a.paragraphs} 段，${a.sentences} 句；AI味 ${Number(a.ai).toFixed(2)}；AI 套话 ${a.hits} 处（每千字 ${a.perK} 处），对白占 ${a.dialogue}%`,
    ),
    'lint.finding': entry<{ severity: string; rule: string; line: number | null; message: string; excerpt: string | null }>(
      (a) => `${a.severity.padEnd(4)} ${a.rule}${a.line ? ` (line ${a.line})` : ''}: ${a.message}${a.excerpt ? ` — ${a.excerpt}` : ''}`,
      (a) => `${({ hard: '硬伤', soft: '提示', warn: '留意' } as Record<string, string>)[a.severity] ?? a.severity} ${a.rule}${a.line ? `（第 ${a.line} 行）` : ''}：${a.message}${a.excerpt ? ` —— ${a.excerpt}` : ''}`,
    ),
    'lint.fix': entry<{ fix: string }>((a) => `     fix: ${a.fix}`, (a) => `     改法：${a.fix}`),
    'lint.none': entry((_) => 'no findings', (_) => '没有发现问题'),
  }),
  // ---- novel chapters ----
  chapters: () => ({
    'chapters.head': entry(
      (_) => 'chapter  字数    汉字    overall  gate              revisions  hard/soft  套话/千字  hook  tokens    cost      time     title',
      (_) => '   章节  字数    汉字       总分  闸门              修改轮次   硬伤/提示  套话/千字  钩子  tokens    费用      用时     章名',
    ),
    'chapters.total': entry((_) => '  total', (_) => '   合计'),
    'chapters.count': entry<{ n: number }>((a) => `${a.n} chapter(s)`, (a) => `共 ${a.n} 章`),
  }),
  // ---- novel init ----
  init: () => ({
    'init.created': entry<{ dir: string }>((a) => `created a novel project in ${a.dir}`, (a) => `已新建 novel 项目：${a.dir}`),
    'init.kept': entry<{ file: string }>((a) => `  = ${a.file} (kept as it was)`, (a) => `  = ${a.file}（保留原样）`),
    'init.next': entry<{ step: string; command: string }>((a) => `next: ${a.step} (\`${a.command}\`)`, (a) => `下一步：${a.step}（\`${a.command}\`）`),
  }),
  // ---- the lock ----
  lock: () => ({
    'lock.free': entry((_) => 'lock: free', (_) => '锁：空闲'),
    'lock.held': entry<{ stale: string | null; holder: string | null }>(
      (a) => `lock: held${a.stale ? ` (stale: ${a.stale})` : ''} by ${a.holder ?? 'an unknown tool (no readable info.json)'}`,
      (a) => `锁：被占用${a.stale ? `（已过期：${a.stale}）` : ''}，持有者：${a.holder ?? '未知工具（没有可读的 info.json）'}`,
    ),
  }),
  // ---- novel state verify ----
  verify: () => ({
    'verify.fix_recorded': entry<{ state: string; log: string }>((a) => `state: your fix of ${a.state} is recorded in ${a.log} (an accepted-state line); replay and \`novel state rebuild\` keep it`, (a) => `状态：你对 ${a.state} 的修改已记入 ${a.log}（一行 accepted-state）；重放与 \`novel state rebuild\` 都会保留它`),
    'verify.consistent': entry<{ n: number }>((a) => `state: consistent with the changelog (${a.n} line(s))`, (a) => `状态：与变更日志一致（${a.n} 行）`),
    'verify.diverges': entry<{ n: number; first: string }>((a) => `state: DIVERGES from the changelog at ${a.n} path(s); first divergent chapter: ${a.first}`, (a) => `状态：与变更日志在 ${a.n} 处不一致；最早分歧章：${a.first}`),
    'verify.no_fingerprint': entry<{ accepted: boolean }>((a) => `files: no fingerprint is recorded yet${a.accepted ? ' (recorded now)' : '; the next mutating command records one'}: the state alone is judged`, (a) => `文件：尚未记录指纹${a.accepted ? '（现已记录）' : '；下一个写入命令会记录'}：只检查了状态`),
    'verify.files_differ': entry<{ n: number; accepted: boolean }>((a) => `files: ${a.n} differ from the fingerprint${a.accepted ? ' (accepted: recorded as the new fingerprint)' : ''}`, (a) => `文件：${a.n} 个与指纹不符${a.accepted ? '（已接受：记为新指纹）' : ''}`),
    'verify.files_match': entry((_) => 'files: every file matches the fingerprint', (_) => '文件：全部与指纹一致'),
    'verify.hint': entry<{ hint: string }>((a) => `hint: ${a.hint}`, (a) => `提示：${zhPhrase(a.hint)}`),
  }),
  // ---- novel rewind ----
  rewind: () => ({
    'rewind.head': entry<{ dry: boolean; chapter: number; n: number; folder: string }>(
      (a) => `${a.dry ? 'would rewind' : 'rewound'} to before chapter ${a.chapter}: ${a.n} chapter(s) moved to ${a.folder}/`,
      (a) => `${a.dry ? '将回退' : '已回退'}到第${a.chapter}章之前：${a.n} 章移到 ${a.folder}/`,
    ),
    'rewind.restored': entry<{ file: string }>((a) => `  restored ${a.file} as it was after the chapter before`, (a) => `  已把 ${a.file} 恢复为前一章入库后的样子`),
    'rewind.changelog': entry<{ n: number }>((a) => `  changelog: ${a.n} line(s) cut (kept in the rewind folder)`, (a) => `  变更日志：截去 ${a.n} 行（保存在回退目录中）`),
    'rewind.recovered': entry<{ chapter: number }>((a) => `an interrupted rewind to before chapter ${a.chapter} was rolled forward`, (a) => `补完了一次中断的回退（回到第${a.chapter}章之前）`),
  }),
  // ---- novel import ----
  import: () => ({
    'import.done': entry<{ n: number; root: string; created: boolean; encoding: string; zishu: number }>(
      (a) => `imported ${a.n} chapter(s) into ${a.root}${a.created ? ' (a new project)' : ''}: ${a.encoding}, 字数 ${a.zishu}`,
      (a) => `已导入 ${a.n} 章到 ${a.root}${a.created ? '（新项目）' : ''}：编码 ${a.encoding}，字数 ${a.zishu}`,
    ),
    'import.range': entry<{ first: string; last: string }>((a) => `  from "${a.first}" to "${a.last}"`, (a) => `  从「${a.first}」到「${a.last}」`),
    'import.preface': entry<{ n: number }>((a) => `  ${a.n} line(s) before the first chapter heading were not imported (a preface or a blurb)`, (a) => `  第一章之前的 ${a.n} 行未导入（序言或简介）`),
    'import.skipped': entry<{ n: number }>((a) => `  ${a.n} line(s) looked like chapter headings but break the sequence; kept as prose:`, (a) => `  ${a.n} 行像章节标题但不合章号顺序，按正文保留：`),
    'import.next': entry((_) => 'next: novel next (volume 1 is planned from the chapter after the last imported one); the report: logs/import-report.json', (_) => '下一步：novel next（从导入的最后一章之后规划第1卷）；导入报告：logs/import-report.json'),
  }),
  // ---- novel serve ----
  serve: () => ({
    'serve.listening': entry<{ url: string }>((a) => `serving the book read-only at ${a.url} (Ctrl-C stops)`, (a) => `只读仪表盘已启动：${a.url}（Ctrl-C 停止）`),
    'serve.stopped': entry((_) => 'stopped serving', (_) => '仪表盘已停止'),
  }),
  // ---- the executors' box (PROTOCOL §17): a run's first line, status, doctor ----
  box: () => ({
    'box.on': entry<{ detail: string }>((a) => `box: on (bubblewrap ${a.detail}): executors may write staging/ only, and nothing outlives its step`, (a) => `沙箱：已启用（bubblewrap ${a.detail}）：执行器只能写 staging/，步骤结束时其进程全部结束`),
    'box.off': entry<{ detail: string }>((_) => 'box: off (executor.sandbox is "off"): executors run with all of your rights; the step guard only detects', (_) => '沙箱：已关闭（executor.sandbox 为 "off"）：执行器拥有你的全部权限，只有步骤守卫事后检查'),
    'box.unavailable': entry<{ detail: string }>((a) => `box: unavailable (${a.detail}): executors run with all of your rights; the step guard only detects`, (a) => `沙箱：不可用（${a.detail}）：执行器拥有你的全部权限，只有步骤守卫事后检查`),
    'box.required': entry<{ detail: string }>((a) => `box: required but unavailable (${a.detail}): \`novel run\` with an executor refuses`, (a) => `沙箱：要求启用但不可用（${a.detail}）：novel run 会拒绝启动执行器`),
    'box.demo': entry<{ detail: string }>((_) => 'box: not needed (the demo executor is novel itself, writing staging/ only)', (_) => '沙箱：不需要（演示执行器就是 novel 本身，只写 staging/）'),
  }),
  // ---- novel run ----
  run: () => ({
    'run.executor': entry<{ executor: string; model: string | null }>((a) => `executor: ${a.executor}${a.model ? ` (model ${a.model})` : ''}`, (a) => `执行器：${a.executor}${a.model ? `（模型 ${a.model}）` : ''}`),
    'run.execute': entry<{ step: string; agent: string; mode: string; attempt: number; packet: string | null }>(
      (a) => `… ${a.step}: ${a.agent} (${a.mode})${a.attempt > 1 ? `, attempt ${a.attempt}` : ''}${a.packet ? ` — packet ${a.packet}` : ''}`,
      (a) => `… ${a.step}：${a.agent}（${a.mode}）${a.attempt > 1 ? `，第 ${a.attempt} 次尝试` : ''}${a.packet ? `，指令包 ${a.packet}` : ''}`,
    ),
    'run.advanced': entry<{ step: string; to: string; gate: string | null; overall: number | null }>((a) => `✓ ${a.step} → ${a.to}${a.gate ? ` (gate ${a.gate}, overall ${a.overall})` : ''}`, (a) => `✓ ${a.step} → ${a.to}${a.gate ? `（闸门 ${a.gate}，总分 ${a.overall}）` : ''}`),
    'run.lint': entry<{ zishu: number; hard: string; soft: string; perK: number; ai: number }>(
      (a) => `  lint: ${a.zishu} 字, AI flavour ${Number(a.ai).toFixed(2)}, AI clichés ${a.perK} per 1,000 字${a.hard ? `; hard: ${a.hard}` : ''}${a.soft ? `; soft: ${a.soft}` : ''}${a.hard || a.soft ? '' : '; clean'}`,
      (a) => `  检查：${a.zishu} 字，AI味 ${Number(a.ai).toFixed(2)}，AI 套话每千字 ${a.perK} 处${a.hard ? `；硬伤：${a.hard}` : ''}${a.soft ? `；提示：${a.soft}` : ''}${a.hard || a.soft ? '' : '；无问题'}`,
    ),
    'run.committed': entry<{ step: string; recovered: boolean }>((a) => `✓ ${a.step} committed${a.recovered ? ' (an interrupted commit rolled forward)' : ''}`, (a) => `✓ ${a.step} 已入库${a.recovered ? '（补完了一次中断的入库）' : ''}`),
    'run.rolled_forward': entry<{ journal: string; kind: 'chapter' | 'volume' | 'rewind' | 'setup'; n: number | null }>(
      (a) => `↻ ${a.journal}: an interrupted ${a.kind === 'rewind' ? `rewind to before chapter ${a.n}` : a.kind === 'volume' ? `plan commit of volume ${a.n}` : a.kind === 'setup' ? 'setup commit' : `commit of chapter ${a.n}`} was rolled forward before the run began (its chapters are counted from the book as it now is)`,
      (a) => `↻ ${a.journal}：运行开始前补完了一次中断的${a.kind === 'rewind' ? `回退（回到第${a.n}章之前）` : a.kind === 'volume' ? `规划入库（第${a.n}卷）` : a.kind === 'setup' ? '设定入库' : `入库（第${a.n}章）`}（本次的章数从补完后的进度算起）`,
    ),
    'run.inspector': entry<{ url: string }>((a) => `inspector: live actor connected to ${a.url}`, (a) => `检视器：已连接到 ${a.url}，实时显示状态机`),
    'run.inspector_unreachable': entry<{ url: string }>((a) => `inspector: nothing listens at ${a.url} (start the Stately inspector there, or pass --inspect=ws://host:port); the run goes on without it`, (a) => `检视器：${a.url} 没有响应（请在那里启动 Stately 检视器，或用 --inspect=ws://主机:端口 指定）；运行照常继续`),
    'run.interrupted': entry<{ step: string; moved: number; to: string; restored: number }>(
      (a) => `↯ ${a.step}: an earlier execution was interrupted; its outputs are not reused${a.moved ? ` (${a.moved} file(s) moved to ${a.to}/)` : ''}${a.restored ? `, ${a.restored} restored as they were before it` : ''}`,
      (a) => `↯ ${a.step}：之前的一次执行被中断，其产出不再复用${a.moved ? `（${a.moved} 个文件移到 ${a.to}/）` : ''}${a.restored ? `，${a.restored} 个恢复为执行前的样子` : ''}`,
    ),
    'run.outside_staging': entry<{ step: string; changed: number; planted: number }>(
      (a) => `✗ ${a.step}: the executor ${a.changed ? `changed ${a.changed} path(s) outside staging/` : ''}${a.changed && a.planted ? ' and ' : ''}${a.planted ? `wrote ${a.planted} staged path(s) that are not its own outputs` : ''}:`,
      (a) => `✗ ${a.step}：执行器${a.changed ? `改动了 staging/ 之外的 ${a.changed} 个路径` : ''}${a.changed && a.planted ? '，并且' : ''}${a.planted ? `写了 ${a.planted} 个不属于这一步的存稿文件` : ''}：`,
    ),
    'run.unexpected': entry<{ step: string; moved: number; to: string; left: string; nLeft: number }>(
      (a) => `↷ ${a.step}: ${a.moved} staged file(s) that are neither inputs nor outputs of this step moved to ${a.to}/${a.nLeft ? ` (${a.nLeft} could not be moved: ${a.left})` : ''}`,
      (a) => `↷ ${a.step}：${a.moved} 个既非这一步输入也非其产出的存稿文件已移到 ${a.to}/${a.nLeft ? `（${a.nLeft} 个无法移动：${a.left}）` : ''}`,
    ),
    'run.staging_overflow': entry<{ step: string; count: number; limit: number; biggest: string }>(
      (a) => `✗ ${a.step}: staging/ holds ${a.count} entries (limit ${a.limit}); biggest: ${a.biggest}`,
      (a) => `✗ ${a.step}：staging/ 里有 ${a.count} 项（上限 ${a.limit}）；最大的目录：${a.biggest}`,
    ),
    'run.reused': entry<{ step: string }>((a) => `↺ ${a.step}: outputs already present and valid, reused (--force re-runs the step)`, (a) => `↺ ${a.step}：产出已在且有效，直接复用（--force 可强制重跑）`),
    'run.warning': entry<{ step: string; message: string }>((a) => `  warning (${a.step}): ${a.message}`, (a) => `  警告（${a.step}）：${a.message}`),
    'run.failed': entry<{ step: string; message: string }>((a) => `✗ ${a.step}: ${a.message}`, (a) => `✗ ${a.step}：${a.message}`),
    'run.invalid': entry<{ step: string; attempt: number }>((a) => `✗ ${a.step}: the outputs of attempt ${a.attempt} do not validate:`, (a) => `✗ ${a.step}：第 ${a.attempt} 次尝试的产出未通过校验：`),
    'run.status': entry<{ what: string; stage: string; clock: string; revision: number | null; spent: string }>(
      (a) => `  ▶ ${a.what} · ${a.stage} · ${a.clock}${a.revision === null ? '' : ` · revision ${a.revision}`} · ${a.spent}`,
      (a) => `  ▶ ${a.what} · ${a.stage} · ${a.clock}${a.revision === null ? '' : ` · 第 ${a.revision} 轮修改`} · ${a.spent}`,
    ),
    'run.status.chapter': entry<{ chapter: number; i: number; n: number }>((a) => `chapter ${a.chapter} (${a.i}/${a.n})`, (a) => `第${a.chapter}章（${a.i}/${a.n}）`),
    'run.status.volume': entry<{ volume: number }>((a) => `volume ${a.volume}`, (a) => `第${a.volume}卷`),
    'run.table.head': entry((_) => 'chapter   字数  overall  gate              revisions  time      tokens  cost', (_) => '   章节   字数     总分  闸门               修改轮次    用时    tokens  费用'),
    'run.summary': entry<{ committed: number; last: number }>((a) => `${a.committed} chapter(s) committed (last: ${a.last})`, (a) => `本次入库 ${a.committed} 章（已写到第${a.last}章）`),
    'run.target_reached': entry<{ chapter: number }>((a) => `target reached: chapter ${a.chapter} is committed`, (a) => `目标达成：第${a.chapter}章已入库`),
    'run.until': entry<{ step: string }>((a) => `stopped before ${a.step} (--until)`, (a) => `按 --until 停在 ${a.step} 之前`),
    'run.review': entry<{ reason: string; command: string }>((a) => `${a.reason}; decide with \`${a.command}\``, (a) => `${a.reason}；请用 \`${a.command}\` 做决定`),
  }),
  // ---- writes ----
  mutation: () => ({
    'mutation.author_edits': entry<{ list: string }>((a) => `recorded your edits of the plan (logs/author-edits.jsonl): ${a.list}`, (a) => `已记录你对规划的修改（logs/author-edits.jsonl）：${a.list}`),
  }),
  // ---- novel doctor ----
  doctor: () => ({
    'doctor.severity': entry<{ severity: string }>((a) => a.severity, (a) => SEVERITY_ZH[a.severity] ?? a.severity),
    'doctor.fix': entry<{ fix: string }>((a) => `fix: ${a.fix}`, (a) => `修复：${a.fix}`),
    'doctor.healthy': entry<{ root: string }>((a) => `healthy: ${a.root}`, (a) => `健康：${a.root}`),
    'doctor.unhealthy': entry<{ n: number }>((a) => `${a.n} problem(s)`, (a) => `发现 ${a.n} 个问题`),
    'doctor.checkpoint_disagrees': entry<{ cp: number; log: number }>((a) => `last_completed_chapter is ${a.cp}, the changelog's last chapter is ${a.log}`, (a) => `检查点记录已完成到第${a.cp}章，变更日志最后一章却是第${a.log}章`),
    'doctor.no_fingerprint': entry((_) => 'no fingerprint is recorded yet', (_) => '尚未记录指纹'),
    'doctor.no_fingerprint.fix': entry((_) => 'the next mutating command records one (e.g. novel state verify --accept)', (_) => '下一个写入命令会记录（例如 novel state verify --accept）'),
    'doctor.file_changed': entry<{ file: string }>((a) => `${a.file} changed outside novel`, (a) => `${a.file} 在 novel 之外被改动`),
    'doctor.file_added': entry<{ file: string }>((a) => `${a.file} was added outside novel`, (a) => `${a.file} 在 novel 之外被新增`),
    'doctor.file_removed': entry<{ file: string }>((a) => `${a.file} was removed outside novel`, (a) => `${a.file} 在 novel 之外被删除`),
    'doctor.restore_or_accept': entry<{ file: string; verb: 'restore' | 'delete' }>((a) => `${a.verb} ${a.file}, or novel state verify --accept`, (a) => `${a.verb === 'delete' ? '删除' : '恢复'} ${a.file}，或运行 novel state verify --accept 接受改动`),
    'doctor.state_diverges': entry<{ paths: string; first: string }>((a) => `the state diverges from the changelog at ${a.paths} (first divergent chapter: ${a.first})`, (a) => `状态与变更日志不一致：${a.paths}（最早分歧章：${a.first}）`),
    'doctor.state_diverges.fix': entry((_) => 'novel state rebuild (or novel state verify --accept to keep a hand fix)', (_) => '运行 novel state rebuild（若是有意手改，运行 novel state verify --accept 保留）'),
    'doctor.journal_pending': entry((_) => 'a commit was interrupted after its journal', (_) => '有一次入库在写完日志后中断'),
    'doctor.rewind_pending': entry<{ chapter: number }>((a) => `a rewind to before chapter ${a.chapter} was interrupted after its journal`, (a) => `有一次回退（回到第${a.chapter}章之前）在写完日志后中断`),
    'doctor.lock_stale': entry<{ reason: string }>((a) => `a stale lock (${a.reason})`, (a) => `过期的锁（${a.reason}）`),
    'doctor.lock_leftover': entry<{ name: string }>((a) => `${a.name} is left over from an interrupted lock operation`, (a) => `${a.name} 是中断的加锁操作留下的`),
    'doctor.lock_leftover.fix': entry((_) => 'novel lock clear (any mutating command removes it)', (_) => '运行 novel lock clear（任何写入命令也会清除）'),
    'doctor.execution_interrupted': entry<{ step: string; attempt: number }>((a) => `an execution of ${a.step} (attempt ${a.attempt}) never finished; its outputs are not reused`, (a) => `${a.step} 的第 ${a.attempt} 次执行未完成，其产出不会被复用`),
    'doctor.execution_interrupted.fix': entry((_) => 'novel run (runs the step again)', (_) => '运行 novel run（重新执行这一步）'),
    'doctor.staging_overflow': entry<{ count: number; limit: number; biggest: string }>(
      (a) => `staging/ holds ${a.count} entries, above the limit of ${a.limit} (staging_max_files); novel run will not execute a step until it is cleaned. Biggest: ${a.biggest}`,
      (a) => `staging/ 里有 ${a.count} 项，超过上限 ${a.limit}（staging_max_files）；清理之前 novel run 不会执行任何步骤。最大的目录：${a.biggest}`,
    ),
    'doctor.staging_orphan': entry<{ file: string; step: string }>((a) => `${a.file} belongs to no step (the book is at ${a.step})`, (a) => `${a.file} 不属于任何步骤（当前在 ${a.step}）`),
    'doctor.outline_missing': entry<{ chapters: string }>((a) => `no outline block yet for chapter(s) ${a.chapters}: the book machine plans them when it reaches them`, (a) => `第 ${a.chapters} 章尚无大纲：写到时会自动规划`),
    'doctor.outline_missing.fix': entry<{ volume: number }>((a) => `nothing to do now; volume ${a.volume} ends at its outline's last block, and novel run plans what comes next when it gets there (or write the blocks yourself)`, (a) => `现在无需处理；第${a.volume}卷在其大纲最后一章结束，写到那里时 novel run 会规划后续（也可以自己写大纲）`),
    'doctor.contract_missing': entry<{ chapters: string }>((a) => `no chapter contract for chapter(s) ${a.chapters}`, (a) => `第 ${a.chapters} 章缺少章节契约`),
    'doctor.contract_missing.fix': entry((_) => 'write them (novel schema contract shows the format)', (_) => '补写契约（格式见 novel schema contract）'),
    'doctor.executor_missing': entry<{ bin: string; path: string }>((a) => `${a.bin} is not on PATH (${a.path})`, (a) => `PATH 中找不到 ${a.bin}（${a.path}）`),
    'doctor.executor_missing.fix': entry<{ bin: string }>(
      (a) => (a.bin === 'claude' ? 'npm install -g @anthropic-ai/claude-code (only to run --executor claude)' : 'npm install -g @openai/codex (only to run --executor codex)'),
      (a) => (a.bin === 'claude' ? '仅在使用 --executor claude 时需要：npm install -g @anthropic-ai/claude-code' : '仅在使用 --executor codex 时需要：npm install -g @openai/codex'),
    ),
  }),
  // ---- errors and their hints ----
  error: () => ({
    'error.prefix': entry<{ command: string }>((a) => `novel ${a.command}: `, (a) => `novel ${a.command}：`),
    'error.hint': entry<{ hint: string }>((a) => `hint: ${a.hint}`, (a) => `提示：${a.hint}`),
    'error.generic': entry<{ code: string; message: string }>((a) => a.message, (a) => `出错（${a.code}）：${a.message}`),
    'error.not_a_project': entry<{ dir: string }>((a) => `${a.dir} holds no .checkpoint.json`, (a) => `${a.dir} 不是 novel 项目（没有 .checkpoint.json）`),
    'error.not_a_project.hint': entry((_) => 'cd into a novel project, pass --project DIR, or create one with `novel init DIR`', (_) => '进入项目目录、用 --project 指定，或用 `novel init 目录` 新建项目'),
    'error.usage': entry<{ detail: string }>((a) => a.detail, (a) => `命令用法有误：${a.detail}`),
    'error.invalid_step': entry<{ value: string }>((a) => `invalid step id ${a.value}`, (a) => `步骤编号 ${a.value} 无效`),
    'error.invalid_step.hint': entry((_) => `expected ${STEP_ID_FORMAT}`, (_) => `格式：${STEP_ID_FORMAT_ZH}`),
    'error.lock_held': entry<{ holder: string }>((a) => `the project is locked by ${a.holder}`, (a) => `项目已被占用：${a.holder}`),
    'error.lock_held.hint': entry((_) => 'wait for it to finish, or `novel lock status` / `novel lock clear` if it is stale', (_) => '等它结束；若锁已过期，用 `novel lock status` 查看、`novel lock clear` 清除'),
    'error.final_trees_changed': entry<{ list: string }>((a) => `the book's files changed outside novel: ${a.list}`, (a) => `书稿文件在 novel 之外被改动：${a.list}`),
    'error.final_trees_changed.hint': entry((_) => 'restore them, or accept the edits with `novel state verify --accept`', (_) => '恢复这些文件，或用 `novel state verify --accept` 接受改动'),
    'error.validation_failed': entry<{ what: string; n: number }>((a) => `${a.what}: ${a.n} problem(s)`, (a) => `${a.what}：有 ${a.n} 处问题`),
    'error.validation_failed.hint': entry((_) => 'fix the files listed, then run the command again', (_) => '修正上面列出的文件后重新运行'),
    'error.executor_missing': entry((_) => 'run: no executor chosen; novel never picks one for you', (_) => 'run：没有指定执行器，novel 不会替你选择'),
    'error.executor_missing.hint': entry(
      (_) => 'pass --executor claude, codex, demo (offline, fake chapters) or a command template such as "./my-executor.sh {packet}", or set executor.command in novel.config.json',
      (_) => '用 --executor 指定 claude、codex、demo（离线演示）或命令模板（如 "./my-executor.sh {packet}"），或在 novel.config.json 中设置 executor.command',
    ),
    'error.invalid_config': entry<{ detail: string }>((a) => a.detail, (a) => `novel.config.json 有误：${a.detail}`),
    'error.not_paused': entry<{ chapter: number }>((a) => `chapter ${a.chapter} is not paused for a decision`, (a) => `第${a.chapter}章当前不在等待作者决定`),
    'error.checkpoint_missing': entry<{ dir: string }>((a) => `${a.dir} holds a book but no .checkpoint.json`, (a) => `${a.dir} 里有书稿，但没有 .checkpoint.json`),
    'error.checkpoint_missing.hint': entry<{ dir: string }>((a) => `rebuild it from the book with \`novel checkpoint rebuild --project ${a.dir}\``, (a) => `用 \`novel checkpoint rebuild --project ${a.dir}\` 从书稿重建（不要用 \`novel init\`，它会拒绝已有书稿的目录）`),
    'error.already_committed': entry<{ chapter: number }>((a) => `chapter ${a.chapter} is already committed`, (a) => `第${a.chapter}章已经入库`),
    'error.next_hint': entry((_) => 'run `novel next` to see what to do', (_) => '运行 `novel next` 查看下一步'),
    'error.not_committable': entry<{ what: string; step: string }>((a) => `${a.what} cannot be committed now; the pipeline expects ${a.step}`, (a) => `${a.what}现在不能入库；流水线在等待 ${a.step}`),
    'error.lock_live': entry<{ holder: string }>((a) => `the lock is live (${a.holder}); not removed`, (a) => `锁仍有效（${a.holder}），未清除`),
    'error.lock_live.hint': entry((_) => 'wait for the holder to finish, or pass --force if you are sure it is gone', (_) => '等持有者结束；确认它已不在时可加 --force'),
    'error.commit_pending': entry<{ file: string }>((a) => `an unfinished commit journal ${a.file} is pending`, (a) => `有未完成的入库日志 ${a.file}`),
    'error.commit_pending.hint': entry((_) => 'finish it first with any mutating command (as `novel next` names it), then retry', (_) => '先用任一写入命令完成它（`novel next` 会给出命令），再重试'),
    'error.until_passed': entry<{ until: string; now: string }>((a) => `--until ${a.until}: the book is already past that step (now at ${a.now})`, (a) => `--until ${a.until}：书已经过了这一步（现在在 ${a.now}）`),
    'error.until_passed.hint': entry((_) => 'name a step still ahead, e.g. the next one: `novel next`', (_) => '请指定还没到的步骤，例如 `novel next` 给出的下一步'),
    'error.out_of_order': entry<{ requested: string; step: string }>((a) => `${a.requested}: out of order; the pipeline expects ${a.step}`, (a) => `${a.requested}：顺序不对，流水线现在在等待 ${a.step}`),
    'error.out_of_order.hint': entry((_) => 'order per chapter: draft → summarize → refine → judge → (gate) → commit. Run `novel next` to see why', (_) => '每章的顺序：draft → summarize → refine → judge →（闸门）→ commit；修改回到 draft，打磨回到 refine。运行 `novel next` 查看原因'),
    'error.project_exists': entry<{ dir: string }>((a) => `${a.dir} already holds a project`, (a) => `${a.dir} 已经是一个项目`),
    'error.project_exists.hint': entry((_) => 'choose another directory; init never overwrites a project', (_) => '请换一个目录；init 从不覆盖已有项目'),
    'error.nothing_to_export': entry<{ last: number }>((a) => `no committed chapter in that range (${a.last} committed)`, (a) => `所选范围内没有已入库的章节（已入库 ${a.last} 章）`),
    'error.nothing_to_export.hint': entry((_) => 'novel chapters lists the committed chapters', (_) => '用 novel chapters 查看已入库的章节'),
    'error.not_paused.hint': entry((_) => '`novel decide` only resolves a pause; run `novel next` to see what to do', (_) => '`novel decide` 只用于处理暂停；运行 `novel next` 查看下一步'),
    'error.invalid_decision': entry<{ value: string }>((a) => `decision "${a.value}": expected accept, revise or rewrite`, (a) => `决定 "${a.value}" 无效：应为 accept（接受）、revise（修改）或 rewrite（重写）`),
    'error.outputs_not_new': entry<{ step: string; files: string }>((a) => `${a.step}: the staged outputs are byte-identical to those recorded at the last advance (${a.files})`, (a) => `${a.step}：存稿产出与上次登记时完全相同（${a.files}）`),
    'error.outputs_not_new.hint': entry<{ stage: string }>((a) => `run the ${a.stage} step first; it must write new output before it can be advanced`, (a) => (a.stage === 'refine' ? '先运行润色；若章节确实无需改动，写一份新的修改记录即可登记' : `先运行 ${a.stage} 这一步，写出新的产出后才能登记`)),
    'error.not_advanceable': entry<{ requested: string; how: string }>((a) => `${a.requested}: this step is not advanced; use \`${a.how}\``, (a) => `${a.requested}：这一步不用 advance 登记，请用 \`${a.how}\``),
    'error.input_missing': entry<{ step: string; file: string; draft: string }>((a) => `${a.step} needs ${a.file}, which does not exist`, (a) => `${a.step} 需要 ${a.file}，但该文件不存在；请先运行 ${a.draft}（由 chapter-writer 写出）`),
    'error.would_overwrite': entry<{ n: number; files: string }>((a) => `the commit would replace ${a.n} file(s) of the book that hold other text: ${a.files}`, (a) => `入库会覆盖书稿中 ${a.n} 个内容不同的文件：${a.files}`),
    'error.would_overwrite.hint': entry((_) => 'move those files aside if they are stale, or check the checkpoint', (_) => 'novel 从不覆盖章节：若这些文件已过时，先移走（再运行 `novel state verify --accept`），或检查 .checkpoint.json 记录的最后一章（`novel checkpoint rebuild --force`）'),
    'error.not_instructable': entry<{ step: string; expected: string }>((a) => `${a.step}: no packet for this step now; the pipeline expects ${a.expected}`, (a) => `${a.step}：现在不能为这一步生成指令包；流水线在等待 ${a.expected}`),
    'error.internal': entry((_) => 'internal error', (_) => '内部错误'),
  }),
};

type Groups = typeof GROUPS;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every message, by key. */
export type Messages = Intersection<{ [G in keyof Groups]: ReturnType<Groups[G]> }[keyof Groups]>;
export type MessageKey = keyof Messages;
type ArgsOf<K extends MessageKey> = Parameters<Messages[K]['en']>[0];

const built: Partial<Record<keyof Groups, Record<string, Entry<never>>>> = {};

/** One message in both languages; its group is built at the first message said from it. */
export function messageEntry<K extends MessageKey>(key: K): Messages[K] {
  const group = key.slice(0, key.indexOf('.')) as keyof Groups;
  const entries = (built[group] ??= GROUPS[group]() as Record<string, Entry<never>>);
  return entries[key] as Messages[K];
}

/** The group names, and every key of each (for the tests: each key starts with its group's name). */
export function messageGroups(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(GROUPS).map(([group, build]) => [group, Object.keys(build())]));
}

/** The text of one message in one language. */
export function say<K extends MessageKey>(lang: Lang, key: K, ...args: ArgsOf<K> extends Record<string, never> ? [] : [ArgsOf<K>]): string {
  const e = messageEntry(key) as unknown as Entry<unknown>;
  return e[lang]((args[0] ?? {}) as unknown);
}

/** The message catalogue bound to a language. */
export function sayer(lang: Lang): <K extends MessageKey>(key: K, ...args: ArgsOf<K> extends Record<string, never> ? [] : [ArgsOf<K>]) => string {
  return (key, ...args) => say(lang, key, ...args);
}

// ---- diagnostics: the phrases of expected / found / fix, as the Chinese text says them ----
// A diagnostic's parts are written in English where they are made (they are
// also its JSON); these rules say each phrase in Chinese, whole phrase first.
/** A phrase: its pattern, its Chinese, and the literal text every match holds (zhPhrase skips the others unrun): at its start, or anywhere after a leading group. */
type Phrase = [RegExp, (...m: string[]) => string, string, boolean, string[]?];
const ph = (re: RegExp, zh: (...m: string[]) => string): Phrase => {
  const key = phraseKey(re);
  return [re, zh, key[0], key[1]];
};

/** `^`, an optional leading group (its text then starts anywhere), the literal run after it, and a quantifier ending that run. */
const KEY = /^\^(\((?:[^()\\]|\\.)*\))?((?:[^\\()[\]{}.*+?|$^]|\\[^A-Za-z0-9])*)([*+?{]?)/;

/**
 * The literal text every string `re` matches holds, and whether it may stand
 * anywhere (after a leading group such as `(.+)`) rather than at the start:
 * the run of plain characters after `^` and that group, up to the first
 * character with a meaning in a pattern (a character made optional or
 * repeated is left out; an escaped punctuation mark is plain). Empty when
 * there is none to rely on: no `^`, flags, or an alternative at the top
 * level. A pattern is compiled the first time it runs, so skipping those that
 * cannot match spares a reader compiling most of the 250 patterns to say one
 * sentence; the key is read with one regular expression, as the phrase list
 * is made on the first Chinese diagnostic.
 */
export function phraseKey(re: RegExp): [key: string, anywhere: boolean] {
  const src = re.source;
  const m = KEY.exec(src);
  if (m === null || re.flags.replace(/[gy]/g, '') !== '' || (src.includes('|') && topLevelAlternative(src))) return ['', false];
  const run = (m[2] as string).replace(/\\(.)/g, '$1');
  return [m[3] ? run.slice(0, -1) : run, m[1] !== undefined];
}

/**
 * Every run of plain text outside the groups and classes of the pattern
 * `src`: each string it matches holds them all. None when an alternative
 * stands at the top level. A phrase whose key a text holds is compiled only
 * if the text holds these too, so `(.+): …` phrases are not all run on every
 * text with a colon.
 */
export function literalRuns(src: string): string[] {
  const runs: string[] = [];
  let run = '';
  let depth = 0;
  const end = (): void => {
    if (run) runs.push(run);
    run = '';
  };
  const past = (close: string, from: number): number => {
    const at = src.indexOf(close, from);
    return at < 0 ? src.length : at;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      i++;
      if (depth > 0) continue;
      if (!/[A-Za-z0-9]/.test(n)) {
        run += n;
        continue;
      }
      end();
      // \uXXXX, \u{…}, \xHH, \cX, \p{…}, \k<…>, a back reference: one unknown character.
      if (n === 'u' && src[i + 1] === '{') i = past('}', i);
      else if (n === 'u') i += 4;
      else if (n === 'x') i += 2;
      else if (n === 'c') i += 1;
      else if ((n === 'p' || n === 'P') && src[i + 1] === '{') i = past('}', i);
      else if (n === 'k' && src[i + 1] === '<') i = past('>', i);
      continue;
    }
    if (c === '[') {
      if (depth === 0) end();
      for (i++; i < src.length && src[i] !== ']'; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (c === '(') {
      if (depth === 0) end();
      depth++;
      continue;
    }
    if (c === ')') {
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (c === '|') return [];
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      run = run.slice(0, -1);
      end();
      if (c === '{') i = past('}', i);
      continue;
    }
    if (c === '.' || c === '^' || c === '$') {
      end();
      continue;
    }
    run += c;
  }
  end();
  return runs;
}

/** Does `src` have a `|` outside every group and class? */
function topLevelAlternative(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}
const STAGE_ZH: Record<string, string> = Object.fromEntries(CHAPTER_STAGES.map((s) => [s, stageZh(s)]));
const jsonSyntax = (where: string): string => where.replace(/^ at line (\d+), column (\d+)$/, '第 $1 行第 $2 列').replace(/^ at the end of the file \(line (\d+)\)$/, '文件末尾（第 $1 行）');
/** An English list ("a, b, or c") as a Chinese one (a、b、c). */
const listZh = (l: string): string => l.split(/,\s*(?:or\s+)?|\s+or\s+/).filter(Boolean).join('、');
/** The phrase rules, made on the first Chinese diagnostic: most runs say none, and making them costs a millisecond. */
const phraseRules = (): Phrase[] => [
  ph(/^the file$/, () => '该文件'),
  ph(/^a file$/, () => '一个文件'),
  ph(/^no file$/, () => '文件不存在'),
  ph(/^a directory$/, () => '一个目录'),
  ph(/^the volume outline$/, () => '卷大纲'),
  ph(/^chapter text$/, () => '章节正文'),
  ph(/^an empty file$/, () => '空文件'),
  ph(/^a non-empty summary$/, () => '非空的摘要'),
  ph(/^the storyline memory text$/, () => '故事线记忆正文'),
  ph(/^a non-empty string$/, () => '非空字符串'),
  ph(/^an integer$/, () => '整数'),
  ph(/^nothing \(the field is missing\)$/, () => '缺少该字段'),
  ph(/^nothing$/, () => '无'),
  ph(/^(.+) \(required\)$/, (_, x) => `${zhPhrase(x)}（必填）`),
  ph(/^no key (.+) \(unknown keys are not allowed here\)$/, (_, k) => `不应出现键 ${k}（此处不允许未知的键）`),
  ph(/^unknown key (.+)$/, (_, k) => `未知的键 ${k}`),
  ph(/^valid JSON$/, () => '合法的 JSON'),
  ph(/^.*?((?: at line \d+, column \d+)|(?: at the end of the file \(line \d+\)))$/, (_, where) => `JSON 语法错误，位置：${jsonSyntax(where)}`),
  ph(/^Unexpected end of JSON input$/, () => 'JSON 意外结束'),
  ph(/^correct the JSON syntax \(a JSON linter shows the exact spot\)$/, () => '修正 JSON 语法（用 JSON 检查工具可找到确切位置）'),
  ph(/^UTF-8 text$/, () => 'UTF-8 文本'),
  ph(/^an invalid byte sequence at byte offset (\d+)$/, (_, o) => `第 ${o} 字节处是无效的 UTF-8 字节序列`),
  ph(/^save the file as UTF-8.*$/, () => '把文件另存为 UTF-8 编码（例如 iconv -f GB18030 -t UTF-8）'),
  ph(/^run the (\S+) step so that it writes (.+)$/, (_, s, f) => `运行${STAGE_ZH[s] ?? s}这一步（${s}），让它写出 ${f}`),
  ph(/^run the plot-architect \(volume plan step\)$/, () => '运行 plot-architect（卷规划这一步）'),
  ph(/^write the chapter, starting with a `# ` title line$/, () => '写出章节正文，第一行是 `# ` 开头的标题'),
  ph(/^a `# ` title line, e\.g\. "(.+)"$/, (_, e) => `以 \`# \` 开头的标题行，例如 "${e}"`),
  ph(/^start the chapter with a line "# <title>"$/, () => '章节第一行写成 "# 标题"'),
  ph(/^first non-empty line$/, () => '第一个非空行'),
  ph(/^title line$/, () => '标题行'),
  ph(/^a title for chapter (\d+) \(\u7b2c\d+\u7ae0\)$/, (_, n) => `第${n}章的标题`),
  ph(/^(".*"), which names chapter (\d+)$/, (_, t, n) => `${t}，写的却是第${n}章`),
  ph(/^write \u7b2c(\d+)\u7ae0 in the title, or check that the file is chapter \d+$/, (_, n) => `标题里写第${n}章，或确认这个文件确是第${n}章`),
  ph(/^(\d+)\u2013(\S+) \u5b57 \(chapter_length in novel\.config\.json\)$/, (_, a, b) => `${a}–${b} 字（novel.config.json 的 chapter_length）`),
  ph(/^the chapter is short of the target: let the writer expand it$/, () => '字数不足：让写手扩写'),
  ph(/^the chapter is over the target: let the writer tighten it$/, () => '字数超出：让写手精简'),
  ph(/^(.+) \(unchanged by the refiner\)$/, (_, t) => `${t}（润色不应改动）`),
  ph(/^the style-refiner should keep the title line as drafted$/, () => 'style-refiner 应保留起草时的标题行'),
  ph(/^(".*") \(the delta's storyline_id\)$/, (_, s) => `${s}（与 delta 的 storyline_id 一致）`),
  ph(/^(".*") \(the outline block's Storyline\)$/, (_, s) => `${s}（大纲中本章的故事线）`),
  ph(/^make the contract and the outline block name the same storyline id$/, () => '让契约和大纲写同一个故事线 id'),
  ph(/^at least one objective with required: true$/, () => '至少一个 required: true 的目标'),
  ph(/^all 8 key lines \((.+), or their Chinese names\)$/, (_, k) => `全部 8 个要素行（${k}，或对应的中文名）`),
  ph(/^missing (.+)$/, (_, k) => `缺少 ${k}`),
  ph(/^add the lines as "- \*\*Key\*\*: value"$/, () => '按 "- **要素**: 内容" 的格式补上这些行'),
  ph(/^a block "### \u7b2c C \u7ae0: \u7ae0\u540d" for every chapter (\d+)\u2013(\d+)$/, (_, a, b) => `第${a}–${b}章每章都有一段 "### 第 C 章: 章名"`),
  ph(/^no block for chapter\(s\) (.+)$/, (_, c) => `第 ${c} 章没有大纲段落`),
  ph(/^Storyline \(lines? (.+)\)$/, (_, l) => `故事线（第 ${l} 行）`),
  ph(/^the storyline's id, not its name$/, () => '故事线的 id，而不是它的名字'),
  ph(/^write "(.+)" \(the id of (".+") in (.+)\)$/, (_, id, name, f) => `写 "${id}"（${f} 中 ${name} 的 id）`),
  ph(/^a storyline id \(a slug matching (.+)\)$/, (_, re) => `故事线 id（符合 ${re} 的英文短标识）`),
  ph(/^use one of the ids of (\S+): (.+)$/, (_, f, ids) => `使用 ${f} 中的 id 之一：${listZh(ids)}`),
  ph(/^give the storyline a slug id in (\S+) and use it here$/, (_, f) => `在 ${f} 中给这条故事线一个英文短标识 id，并在此处使用`),
  ph(/^an id of (\S+)(?: \((.+)\))?$/, (_, f, ids) => `${f} 中的 id${ids ? `（${ids}）` : ''}`),
  ph(/^use a known id, or add (.+) to (\S+)$/, (_, obj, f) => `使用已有的 id，或在 ${f} 中添加 ${obj}`),
  ph(/^at least (\d+)% of the (\d+) line\(s\) of (\S+) \(memory_keep_ratio\)$/, (_, p, n, f) => `保留 ${f} 的 ${n} 行中至少 ${p}%（memory_keep_ratio）`),
  ph(/^(\d+) kept; dropped: (.+)$/, (_, k, d) => `保留了 ${k} 行；删去：${d}`),
  ph(/^start from the committed memory.*$/, () => '从已入库的故事线记忆（指令包中的 storyline_memory）出发，保留原有各行，再补上本章的；只在有意时才压缩'),
  ph(/^an op the commit can apply .*$/, () => '入库能应用的操作（见 `novel schema delta-op`：characters、items、locations、factions、world_state、active_foreshadowing 下的英文短标识路径）'),
  ph(/^the commit drops this op; .*$/, () => '入库会丢弃这条操作；请修正它（id 用 entity_id_map 与 foreshadowing_tasks 中的小写英文短标识）或删除'),
  ph(/^a second, independent evaluation of chapter (\d+): .*$/, (_, n) => `第${n}章的第二份独立评审：它是关键章（卷首、卷末或处在汇合事件中）`),
  ph(/^run the quality-judge a second time.*$/, () => '再运行一次 quality-judge（模型由 executor.secondary_model 指定），把评审写在这里；quality.key_chapters: false 可关闭此要求'),
  ph(/^only the "# " title line changed; .*$/, () => '只改 "# " 标题行，正文每个字节都与改标题前相同'),
  ph(/^the body changed \(compare with (.+)\)$/, (_, f) => `正文被改动了（对照 ${f}）`),
  ph(/^start again from (\S+) and change its first line only: (.+)$/, (_, f, cmd) => `从 ${f} 重新开始，只改第一行：${cmd}`),
  ph(/^only the last two paragraphs rewritten; .*$/, () => '只重写最后两段；之前的每个字节（含标题）保持不变，并写出新的结尾'),
  ph(/^no ending after the kept text$/, () => '保留的正文之后没有新结尾'),
  ph(/^text before the last two paragraphs changed \(compare with (.+)\)$/, (_, f) => `最后两段之前的文字被改动了（对照 ${f}）`),
  ph(/^start again from (\S+) and rewrite only its last two paragraphs$/, (_, f) => `从 ${f} 重新开始，只重写最后两段`),
  ph(/^a JSON object \{display_name, contracts, \u2026\}$/, () => 'JSON 对象 {display_name, contracts, …}'),
  ph(/^a file that cannot be read as JSON$/, () => '无法按 JSON 读取的文件'),
  ph(/^fix the JSON; the character is left out until then$/, () => '修正 JSON；在此之前该人物不进入指令包'),
  ph(/^a slug id \((.+)\) in the file, or a file named by its slug$/, (_, re) => `文件中的英文短标识 id（${re}），或以它命名的文件`),
  ph(/^no "id", and the file name (.+) is not a slug$/, (_, n) => `没有 "id"，文件名 ${n} 也不是英文短标识`),
  ph(/^add "id": "<slug>" \(e\.g\. "(.+)"\) to the file; .*$/, (_, e) => `在文件中加上 "id": "短标识"（例如 "${e}"）；在此之前该人物不进入指令包`),
  ph(/^add "display_name"; .*$/, () => '加上 "display_name"；在此之前该人物不进入指令包'),
  ph(/^one file per character id$/, () => '每个人物 id 一个文件'),
  ph(/^(".+"), also the id of (.+)$/, (_, id, f) => `${id}，与 ${f} 的 id 重复`),
  ph(/^give each character its own id; this file is left out$/, () => '每个人物用各自的 id；此文件暂不使用'),
  ph(/^the id the packets use for this character$/, () => '指令包中该人物使用的 id'),
  ph(/^nothing to do: (.+) is known as (.+) in every packet$/, (_, f, s) => `无需处理：${f} 在所有指令包中记为 ${s}`),
  ph(/^the display_name of a character in characters\/active\/$/, () => 'characters/active/ 中某个人物的 display_name'),
  ph(/^add the character file or correct the name$/, () => '补上人物文件，或改正名字'),
  ph(/^a threshold \u2264 (\S+) \((.+)\)$/, (_, k, v) => `不高于 ${k}（${v}）的阈值`),
  ph(/^thresholds must descend: .*$/, () => '阈值须递减：pass ≥ polish ≥ revise ≥ pause'),
  ph(/^see docs\/configuration\.md for the keys of novel\.config\.json$/, () => 'novel.config.json 的各项见 docs/configuration.md（或 novel schema config）'),
  ph(/^a slug matching (.+)$/, (_, re) => `符合 ${re} 的英文短标识`),
  ph(/^a lowercase hex sha256 \(64 characters\)$/, () => '小写十六进制 sha256（64 个字符）'),
  ph(/^a range \[min, max\] with min \u2264 max$/, () => '区间 [min, max]，且 min ≤ max'),
  ph(/^an ISO-8601 timestamp$/, () => 'ISO-8601 时间'),
  ph(/^at most (\d+) active storylines$/, (_, n) => `最多 ${n} 条活跃故事线`),
  ph(/^a directory name$/, () => '目录名'),
  ph(/^a BCP 47 language tag such as zh-CN$/, () => 'BCP 47 语言标签，例如 zh-CN'),
  ph(/^set it to the number of the last chapter in chapters\/ \(0 for a new book\)$/, () => '设为 chapters/ 中最后一章的章号（新书为 0）'),
  ph(/^set it to the volume being written \(1 for a new book\)$/, () => '设为正在写的卷号（新书为 1）'),
  ph(/^use one of (.+)$/, (_, l) => `使用以下之一：${listZh(l)}`),
  ph(/^use null or one of (.+)$/, (_, l) => `使用 null 或以下之一：${listZh(l)}`),
  ph(/^use null or the chapter number in progress$/, () => '使用 null 或正在写的章号'),
  ph(/^use a whole number \u2265 0 \(0 when unsure\)$/, () => '使用 ≥ 0 的整数（不确定时写 0）'),
  ph(/^remove the gate object; .*$/, () => '删除 gate 对象；`novel next` 会根据存稿评审重新计算'),
  ph(/^remove staging_hashes; .*$/, () => '删除 staging_hashes；下次登记时会重建'),
  ph(/^(.+): the staged (?:outputs|volume plan|plan) do(?:es)? not validate$/, (_, x) => `${x} 的存稿产出未通过校验`),
  ph(/^chapter (\d+): the staged outputs cannot be committed$/, (_, n) => `第${n}章的存稿产出无法入库`),
  ph(/^(.+?):? (?:the commit journal )?is damaged$/, (_, x) => `${x} 已损坏`),
  ph(/^(.+) is invalid$/, (_, x) => `${x} 有误`),
  ph(/^(.+) is not valid JSON$/, (_, x) => `${x} 不是合法的 JSON`),
  ph(/^(.+) cannot be read$/, (_, x) => `${x} 无法读取`),
  // ---- the gate's reasons (machines/novel.setup.ts) ----
  ph(/^overall_final (\S+) \(pass \u2265 (\S+), polish \u2265 (\S+), revise \u2265 (\S+), pause \u2265 (\S+)\)$/, (_, o, a, b, c, d) => `最终总分 ${o}（通过 ≥ ${a}，打磨 ≥ ${b}，修改 ≥ ${c}，暂停 ≥ ${d}）`),
  ph(/^(\d+) high-confidence violation\(s\) and (.+)$/, (_, n, rest) => `${n} 处高置信度违规，且${zhPhrase(rest)}`),
  ph(/^(\d+) high-confidence violation\(s\)$/, (_, n) => `${n} 处高置信度违规`),
  ph(/^(\d+) hard lint finding\(s\) \((.+)\)$/, (_, n, r) => `${n} 处检查硬伤（${r}）`),
  ph(/^pass: (.+)$/, (_, r) => `通过：${zhPhrase(r)}`),
  ph(/^polish: (.+); one extra refine, then commit$/, (_, r) => `打磨：${zhPhrase(r)}；再润色一遍后入库`),
  ph(/^revise: (.+); revision (\d+) of (\d+)$/, (_, r, n, m) => `修改：${zhPhrase(r)}；第 ${n}/${m} 轮修改`),
  ph(/^revise not acted on \(revision_policy none\): (.+)$/, (_, r) => `判定修改但不执行（revision_policy none）：${zhPhrase(r)}`),
  ph(/^revise awaits confirmation \(revision_policy manual_confirm\): (.+)$/, (_, r) => `判定修改，等待作者确认（revision_policy manual_confirm）：${zhPhrase(r)}`),
  ph(/^force pass: revision budget spent \((\d+)\/(\d+)\), (.+), no high-confidence violation or hard lint$/, (_, n, m, r) => `强制通过：修改轮次已用完（${n}/${m}），${zhPhrase(r)}，且没有高置信度违规或检查硬伤`),
  ph(/^revision budget spent \((\d+)\/(\d+)\) and (.+)$/, (_, n, m, r) => `修改轮次已用完（${n}/${m}），且${zhPhrase(r)}`),
  ph(/^score below the revise threshold: (.+)$/, (_, r) => `分数低于修改阈值：${zhPhrase(r)}`),
  ph(/^pause, rewrite advised: (.+)$/, (_, r) => `暂停，建议重写：${zhPhrase(r)}`),
  ph(/^(.+); polished$/, (_, r) => `${zhPhrase(r)}；已打磨`),
  ph(/^accepted by the author \((.+)\)$/, (_, r) => `作者已接受（${zhPhrase(r)}）`),
  ph(/^revision (\d+) requested by the author \((.+)\)$/, (_, n, r) => `作者要求第 ${n} 轮修改（${zhPhrase(r)}）`),
  ph(/^gate (\S+) \(recorded\)$/, (_, d) => `闸门 ${d}（已记录）`),
  // ---- errors and hints said where they are thrown (the catalogue keeps their Chinese here) ----
  ph(/^Invalid value for (\S+): expected one of (.+) \(got (.+)\)$/, (_, o, l, x) => `${o} 的值无效：应为 ${listZh(l)} 之一（实为 ${x}）`),
  ph(/^Invalid value for (\S+): (.+)$/, (_, o, why) => `${o} 的值无效：${zhPhrase(why)}`),
  ph(/^(.+): a file name longer than the file system allows \(\w+\)$/, (_, f) => `${f}：文件名超过文件系统允许的长度`),
  ph(/^(.+): a path through something that is not a directory \(\w+\)$/, (_, f) => `${f}：路径中间有一项不是目录`),
  ph(/^(.+): a directory where a file is expected \(\w+\)$/, (_, f) => `${f}：这里应是文件，却是目录`),
  ph(/^(.+): a symbolic link where a real file is expected \(\w+\)$/, (_, f) => `${f}：这里应是普通文件，却是符号链接`),
  ph(/^(.+): a file novel may not open \(permissions\) \(\w+\)$/, (_, f) => `${f}：没有权限打开该文件`),
  ph(/^(.+): a file novel may not change \(permissions\) \(\w+\)$/, (_, f) => `${f}：没有权限修改该文件`),
  ph(/^(.+): a read-only file system \(\w+\)$/, (_, f) => `${f}：文件系统是只读的`),
  ph(/^(.+): a name the file system refuses \(\w+\)$/, (_, f) => `${f}：文件系统拒绝这个名字`),
  ph(/^rename or remove it: (.+)$/, (_, c) => `重命名或删除它：${c}`),
  ph(/^check the path and its permissions: (.+)$/, (_, c) => `检查路径及其权限：${c}`),
  ph(/^(.+): a symbolic link; novel never reads or writes the book through a link$/, (_, f) => `${f}：是符号链接；novel 从不通过链接读写书稿`),
  ph(/^(.+): (.+); novel never reads or writes the book through a link$/, (_, f) => `${f}：是链接；novel 从不通过链接读写书稿`),
  ph(/^remove the link and let the step write a real file: (.+)$/, (_, c) => `删除链接，让这一步写出真正的文件：${c}`),
  ph(/^remove this name \(the other file keeps its bytes\) and let the step write a real file: (.+)$/, (_, c) => `删除这个名字（另一个文件的内容不受影响），让这一步写出真正的文件：${c}`),
  ph(/^(.+): the path must be project-relative without "\.\." segments$/, (_, f) => `${f}：路径须相对于项目根目录，且不含 ".."`),
  ph(/^every file novel reads or writes stays inside the project root$/, () => 'novel 读写的每个文件都在项目根目录之内'),
  ph(/^(.+): resolves to (.+), outside the project root (.+) \(through a symlink\)$/, (_, f, full) => `${f}：经符号链接指向项目之外的 ${full}`),
  ph(/^replace the symlink with a real file inside the project$/, () => '把符号链接换成项目内的真实文件'),
  ph(/^(.+): expected a file, found a directory$/, (_, f) => `${f}：应为文件，实为目录`),
  ph(/^(.+): a directory where novel writes a file$/, (_, f) => `${f}：novel 要写文件的位置是一个目录`),
  ph(/^a step writes a file here: move the directory away \((.+)\)$/, (_, c) => `这一步要在这里写文件：把目录移走（${c}）`),
  ph(/^move it away: (.+)$/, (_, c) => `把它移走：${c}`),
  ph(/^(.+): (\d+) bytes, above the 16 MiB limit for project files$/, (_, f, n) => `${f}：${n} 字节，超过项目文件 16 MiB 的上限`),
  ph(/^split the file; .*$/, () => '把文件拆开；novel 不读取超过 16 MiB 的文本文件'),
  ph(/^(.+): (?:file )?not found$/, (_, f) => `${f}：文件不存在`),
  ph(/^run `novel init` to create a project$/, () => '用 `novel init` 新建项目'),
  ph(/^(.+): expected a JSON object, found (.+)$/, (_, f, x) => `${f}：应为 JSON 对象，实为 ${x}`),
  ph(/^(.+): (\d+) bytes, shorter than the (\d+) bytes the journal (.+) recorded before its append$/, (_, f, n, b, j) => `${f}：${n} 字节，比入库日志 ${j} 追加前记录的 ${b} 字节还短`),
  ph(/^the file was cut outside novel; .*$/, () => '该文件在 novel 之外被截短；请从备份恢复后重新运行命令'),
  ph(/^(.+): not a valid instruction packet$/, (_, f) => `${f}：不是有效的指令包`),
  ph(/^run --executor codex: no model chosen; .*$/, () => 'run --executor codex：没有指定模型；Codex 不报告所用模型，所以 novel 明确传入并记录一个'),
  ph(/^pass --model <name> \(e\.g\. (.+)\), or set executor\.model in novel\.config\.json$/, (_, e) => `用 --model 指定（例如 ${e}），或在 novel.config.json 中设置 executor.model`),
  ph(/^install Claude Code \((.+)\) or choose another --executor$/, (_, c) => `安装 Claude Code（${c}），或换一个 --executor`),
  ph(/^install the Codex CLI \((.+)\) or choose another --executor$/, (_, c) => `安装 Codex CLI（${c}），或换一个 --executor`),
  ph(/^check the command template: .*$/, () => '检查命令模板：其中的程序须存在且可执行'),
  ph(/^(.+): a segment (.+) lists is missing$/, (_, f, fp) => `${f}：${fp} 列出的分段不存在`),
  ph(/^delete (\S+) and (\S+); the next mutating command records the current files.*$/, (_, a, b) => `删除 ${a} 和 ${b}；下一个写入命令会记录当前文件（请先确认它们无误）`),
  ph(/^(.+): no packet; no volume is being planned$/, (_, st) => `${st}：没有指令包；当前没有在规划的卷`),
  ph(/^(.+): no packet; volume (\d+) is being planned \((.+)\)$/, (_, st, v, sp) => `${st}：没有指令包；第${v}卷正在规划（${sp}）`),
  ph(/^the pipeline expects (.+)$/, (_, st) => `流水线在等待 ${st}`),
  ph(/^(.+): field "base_state_version": expected (\d+) .*, found (.+)$/, (_, f, e, x) => `${f}：字段 base_state_version 应为 ${e}（state/current-state.json 的 state_version），实为 ${x}`),
  ph(/^the delta was computed against another state: .*$/, () => 'delta 是按另一个状态算出的：请重新运行本章的 summarizer（novel decide … rewrite，或重新生成 delta）'),
  ph(/^an unfinished commit journal (.+) is pending(; a dry run cannot plan past it)?$/, (_, j, dry) => `有未完成的入库日志 ${j}${dry ? '；试运行无法越过它做计划' : ''}`),
  ph(/^finish it first: run the commit again .*$/, () => '先完成它：再运行一次入库（`novel next` 会给出命令），它会补完到已入库状态'),
  ph(/^run the commit without --dry-run to roll it forward$/, () => '去掉 --dry-run 再运行入库，把它补完'),
  ph(/^(.+): volume (\d+) is to be planned first; the next step is (.+)$/, (_, r, v, st) => `${r}：须先规划第${v}卷；下一步是 ${st}`),
  ph(/^(.+): the planned book is complete; the next step is (.+)$/, (_, r, st) => `${r}：全书按计划已完结；下一步是 ${st}`),
  ph(/^plan the volume first: `(.+)`, then `(.+)`$/, (_, a, b) => `先规划这一卷：\`${a}\`，然后 \`${b}\``),
  ph(/^raise book_chapters in novel\.config\.json \(now (.+)\) to write on$/, (_, n) => `调高 novel.config.json 中的 book_chapters（现为 ${n}）才能继续写`),
  ph(/^(.+): volume steps are not advanced; .*`(.+)`$/, (_, r, c) => `${r}：卷的步骤不用 advance 登记；卷规划用 \`${c}\` 入库`),
  ph(/^run `novel next` to see the pipeline step to advance$/, () => '运行 `novel next` 查看要登记的步骤'),
  ph(/^pass --chapters or --to-chapter, not both$/, () => '--chapters 和 --to-chapter 只能用一个'),
  ph(/^--until (.+): (.+)$/, (_, u, why) => `--until ${u}：${zhPhrase(why)}`),
  ph(/^e\.g\. (.+)$/, (_, x) => `例如 ${x}`),
  ph(/^--model applies to --executor claude or codex, not (.+)$/, (_, x) => `--model 只用于 --executor claude 或 codex，不适用于 ${x}`),
  ph(/^--budget-usd: the (\S+) executor reports no cost, .*$/, (_, x) => `--budget-usd：${x} 执行器不报告费用，按美元的预算永远不会让运行停下`),
  ph(/^add --budget-tokens <n> .*$/, () => '加上 --budget-tokens <n>（Codex 报告 tokens），或用 --executor claude 按美元控制预算'),
  ph(/^(.+): only draft, summarize, refine, title-fix, judge, hook-fix and volume plan steps have staged outputs to validate$/, (_, x) => `${x}：只有 draft、summarize、refine、title-fix、judge、hook-fix 和卷规划这些步骤有可校验的存稿产出`),
  ph(/^(.+): chapter (\d+) is committed \((.+)\); nothing is staged for it to validate$/, (_, x, n, f) => `${x}：第${n}章已入库（${f}），没有可校验的存稿`),
  ph(/^the next step is (\S+): `(.+)`$/, (_, st, c) => `下一步是 ${st}：\`${c}\``),
  ph(/^"(.*)": expected chapter:NNN, found "(.*)"$/, (_, v) => `"${v}"：应为 chapter:NNN（例如 chapter:012）`),
  ph(/^"(.*)": (.+)$/, (_, v, why) => `"${v}"：${zhPhrase(why)}`),
  ph(/^step "(.*)": (.+)$/, (_, v, why) => `步骤 "${v}"：${zhPhrase(why)}`),
  ph(/^the (chapter|volume) number "(.*)" is not a plain decimal number$/, (_, w, x) => `${w === 'chapter' ? '章' : '卷'}号 "${x}" 不是普通的十进制数`),
  ph(/^the (chapter|volume) number must be at least 1, found "(.*)"$/, (_, w, x) => `${w === 'chapter' ? '章' : '卷'}号至少为 1，实为 "${x}"`),
  ph(/^the (chapter|volume) number must be at most (\d+), found "(.*)"$/, (_, w, m, x) => `${w === 'chapter' ? '章' : '卷'}号至多为 ${m}，实为 "${x}"`),
  ph(/^expected 3 ":"-separated segments, found (\d+)$/, (_, n) => `应为 3 段以 ":" 分隔的内容，实为 ${n} 段`),
  ph(/^unknown (chapter|volume) stage "(.*)" \(expected (.+)\)$/, (_, w, x, l) => `未知的${w === 'chapter' ? '章节' : '卷'}阶段 "${x}"（应为 ${listZh(l)} 之一）`),
  ph(/^unknown step kind "(.*)" \(expected chapter or volume\)$/, (_, x) => `未知的步骤类型 "${x}"（应为 chapter 或 volume）`),
  ph(/^chapter (\d+): (no draft|one draft only); a diff needs two rounds$/, (_, n, w) => `第${n}章：${w === 'no draft' ? '没有草稿' : '只有一稿'}；比较需要两稿`),
  ph(/^rounds are kept when a revision starts .*$/, () => '修改开始时会保留上一稿（闸门判定 revise，或 `novel decide … revise`）'),
  ph(/^--round (\S+): expected one of (.+)$/, (_, r, l) => `--round ${r}：应为 ${listZh(l)} 之一`),
  ph(/^--round: give it at most twice$/, () => '--round 最多给两次'),
  ph(/^--from (\d+) is after --to (\d+)$/, (_, a, b) => `--from ${a} 在 --to ${b} 之后`),
  ph(/^chapter (\d+): neither staged \((.+)\) nor committed \((.+)\)$/, (_, n, a, b) => `第${n}章既不在存稿区（${a}）也未入库（${b}）`),
  ph(/^lint a chapter in flight or committed: .*$/, () => '只能检查正在写或已入库的章节：`novel chapters` 列出已入库的，`novel next` 给出正在写的'),
  ph(/^schema (.+): no such format; expected one of (.+)$/, (_, x, l) => `schema ${x}：没有这种格式；应为以下之一：${listZh(l)}`),
  ph(/^commit: pass exactly one of --chapter N, --volume VV or --setup$/, () => 'commit：--chapter N、--volume VV 与 --setup 须且只能给一个'),
  ph(/^(.+): no such directory$/, (_, d) => `${d}：目录不存在`),
  ph(/^pass --project DIR, the directory that holds the book$/, () => '用 --project 指定存放书稿的目录'),
  ph(/^(.+): (\S+) exists; rebuild replaces it only with --force$/, (_, d, f) => `${d}：${f} 已存在；只有加 --force 才会替换`),
  ph(/^`novel status` shows what it says; .*$/, () => '`novel status` 显示它记录的内容；`novel checkpoint rebuild --force` 会替换它并保留备份'),
  ph(/^(.+): holds no book \(.*\)$/, (_, d) => `${d}：没有书稿（没有 chapters/*.md、state/current-state.json 或 state/changelog.jsonl）`),
  ph(/^create a project with `novel init DIR`$/, () => '用 `novel init 目录` 新建项目'),
  ph(/^export: pass --volume or --chapters, not both$/, () => 'export：--volume 和 --chapters 只能用一个'),
  ph(/^--platform (\S+): expected one of (.+)$/, (_, x, l) => `--platform ${x}：应为 ${listZh(l)} 之一`),
  ph(/^qidian \(2,500\u20133,500 \u5b57\), tomato .*$/, () => 'qidian（起点，2500–3500 字）、tomato（番茄，1500–2500 字）或 none（不设平台规则）'),
  ph(/^(.+): already holds a book \((.+)\) but no (\S+); init never starts a new project over a book$/, (_, d, l, f) => `${d}：已有书稿（${l}），但没有 ${f}；init 不会在已有书稿上新建项目`),
  ph(/^rebuild the checkpoint from the book: `(.+)`$/, (_, c) => `从书稿重建检查点：\`${c}\``),
  ph(/^(.+): not empty; the demo project goes into a new or empty directory$/, (_, d) => `${d}：目录不为空；演示项目只能放进新目录或空目录`),
  ph(/^choose another directory$/, () => '请换一个目录'),
  ph(/^(.+) is outside the write scope (.+)$/, (_, f, w) => `${f} 不在可写范围 ${w} 之内`),
  ph(/^adapters install (.+): expected claude or codex$/, (_, x) => `adapters install ${x}：应为 claude 或 codex`),
  ph(/^(.+): expected a whole number \u2265 1 \(leading zeros allowed, e\.g\. 01\), found (.+)$/, (_, f, x) => `${f}：应为 ≥ 1 的整数（可带前导零，如 01），实为 ${x}`),
  ph(/^(.+): expected values among (.+) \(comma-separated\), found (.+)$/, (_, f, l, x) => `${f}：应为 ${listZh(l)} 中的值（逗号分隔），实为 ${x}`),
  ph(/^serve --host (\S+): another host than loopback needs --token T.*$/, (_, h) => `serve --host ${h}：非本机地址须加 --token T（之后每个请求都要带上它）`),
  ph(/^serve: port (\d+) on (\S+) is in use$/, (_, p, h) => `serve：${h} 的端口 ${p} 已被占用`),
  ph(/^pass another --port, or --port 0 for any free one$/, () => '换一个 --port，或用 --port 0 自动选空闲端口'),
  ph(/^novel serve --host (\S+) --token (.+) \(the page is then at (.+)\)$/, (_, h, t, u) => `novel serve --host ${h} --token ${t}（页面地址为 ${u}）`),
  ph(/^`novel state rebuild` rewrites the state from the changelog; .*$/, () => '`novel state rebuild` 会按变更日志重写状态；若你是有意手改状态，`novel state verify --accept` 会记录这次修改'),
  ph(/^rewind --to (\S+): chapter (\d+) is not committed \(the last committed chapter is (\d+)\)$/, (_, st, n, l) => `rewind --to ${st}：第${n}章尚未入库（最后入库的是第${l}章）`),
  ph(/^name a committed chapter, e\.g\. (.+)$/, (_, c) => `请指定已入库的章节，例如 ${c}`),
  ph(/^nothing is committed yet$/, () => '还没有任何章节入库'),
  ph(/^rewind --to (\S+): chapter (\d+) was committed before novel kept what each commit replaces .*$/, (_, st, n) => `rewind --to ${st}：第${n}章入库时 novel 还没有保存每次入库替换掉的内容，无法把书恢复到它之前的样子`),
  ph(/^the earliest chapter a rewind can go back to is (\d+): (.+)$/, (_, n, c) => `最早能回退到第${n}章：${c}`),
  ph(/^chapters committed from now on can be rewound$/, () => '从现在起入库的章节都可以回退'),
  ph(/^(.+): no such file or folder$/, (_, f) => `${f}：文件或目录不存在`),
  ph(/^novel import book\.txt --project my-book .*$/, () => 'novel import 书名.txt --project 目录（一个 .txt 文件，或一个放章节文件的目录）'),
  ph(/^(.+): no chapter heading found .*$/, (_, f) => `${f}：没有找到章节标题（形如「第N章 标题」的一行，N 可为数字或中文数字）`),
  ph(/^a folder import takes one chapter per .*$/, () => '目录导入时每个 .txt 或 .md 文件算一章；文本文件按章节标题切分'),
  ph(/^(.+): not empty and not a project; .*$/, (_, d) => `${d}：目录不为空，也不是项目；导入只能进新目录、空目录，或还没有章节的项目`),
  ph(/^novel import book\.txt --project NEW_FOLDER$/, () => 'novel import 书名.txt --project 新目录'),
  ph(/^(.+): the project already has chapters \(the last committed is (\d+)\); an import starts a book$/, (_, d, n) => `${d}：项目已有章节（已入库到第${n}章）；导入只用于开始一本书`),
  ph(/^import into a new folder: (.+)$/, (_, c) => `请导入到新目录：${c}`),
  ph(/^unknown command$/, () => '未知命令'),
  ph(/^Unsupported option name \("?(--[^")]+)"?\)\.?$/, (_, o) => `不支持的选项 ${o}`),
  ph(/^Not enough positional arguments\.?$/, () => '缺少参数'),
  ph(/^Extraneous positional arguments?.*$/, () => '多余的参数'),
  ph(/^did you mean `(.+)`\? \(`novel help` lists every command\)$/, (_, c) => `你是不是想用 \`${c}\`？（\`novel help\` 列出所有命令）`),
  ph(/^the commands are: (.+)$/, (_, l) => `可用的命令：${listZh(l)}`),
  ph(/^did you mean (\S+)\? \(`(.+)` lists the options\)$/, (_, o, c) => `你是不是想用 ${o}？（\`${c}\` 列出所有选项）`),
  ph(/^run `novel help( .+)?`$/, (_, c) => `运行 \`novel help${c ?? ''}\` 查看用法`),
  ph(/^internal error: (.+)$/, (_, m) => `内部错误：${m}`),
  ph(/^set NOVEL_DEBUG=1 to see a stack trace, and report it$/, () => '设置 NOVEL_DEBUG=1 可看到调用栈，请报告这个问题'),
  ph(/^see the stack trace on stderr$/, () => '调用栈见标准错误输出'),
  ph(/^fix the files listed, then run the command again$/, () => '修正上面列出的文件后重新运行'),
  ph(/^fix (?:the files above|every file listed), then .*$/, () => '修正上面列出的文件后重新运行'),
  ph(/^(.+): the executor failed (\d+) time\(s\); orchestrator_state is ERROR_RETRY\. Fix the cause, then `novel run` again$/, (_, st, n) => `${st}：执行器失败了 ${n} 次；orchestrator_state 为 ERROR_RETRY。排除原因后再运行 \`novel run\``),
  ph(/^budget reached: (.+) and (\d+) tokens reported so far; .*$/, (_, c, n) => `预算已用完：目前共报告 ${c}、${n} tokens；加大预算后 \`novel run\` 会继续`),
  ph(/^paused after (\S+) \(--pause-after (\w+)\); `novel run` continues$/, (_, st, w) => `按 --pause-after ${w} 在 ${st} 之后暂停；\`novel run\` 会继续`),
  ph(/^paused after (\S+) \(--pause-after plan\): review (\S+), then .*$/, (_, st, d) => `按 --pause-after plan 在 ${st} 之后暂停：检查 ${d} 后，\`novel run\` 会把它入库（或用 \`novel commit --volume\`）`),
  ph(/^expected (.+)$/, (_, x) => `应为 ${zhPhrase(x)}`),
];
let PHRASES_ZH: Phrase[] | undefined;

/** The patterns of the phrase catalogue, in order (for tests). */
export const phrasePatterns = (): RegExp[] => phraseRules().map((rule) => rule[0]);

/** One English phrase of a diagnostic in Chinese; a phrase without a rule (a value, a shape, a path) is shown as it is. */
export function zhPhrase(text: string): string {
  // Indexed, not destructured: this loop runs once per process, in the interpreter, where iterating is the cost.
  const rules = (PHRASES_ZH ??= phraseRules());
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Phrase;
    if (rule[3] ? !text.includes(rule[2]) : !text.startsWith(rule[2])) continue;
    const runs = (rule[4] ??= literalRuns(rule[0].source));
    let holds = true;
    for (let k = 0; k < runs.length && holds; k++) holds = text.includes(runs[k] as string);
    if (!holds) continue;
    const m = rule[0].exec(text);
    if (m) return rule[1](...m);
  }
  return text;
}

/** One diagnostic as a line for a person: the English message, or its parts said in Chinese. */
export function diagnosticText(lang: Lang, d: { file?: string; field?: string; expected?: string; found?: string; fix?: string; message: string }): string {
  if (lang === 'en') return `${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`;
  const parts = d.expected !== undefined || d.found !== undefined ? `${d.expected !== undefined ? `应为 ${zhPhrase(d.expected)}` : ''}${d.expected !== undefined && d.found !== undefined ? '，' : ''}${d.found !== undefined ? `实为 ${zhPhrase(d.found)}` : ''}` : zhPhrase(d.message.startsWith(`${d.file ?? ''}: `) ? d.message.slice((d.file ?? '').length + 2) : d.message);
  return `${d.file ?? ''}${d.field ? `：字段 ${zhPhrase(d.field)}` : ''}：${parts}${d.fix ? `（修复：${zhPhrase(d.fix)}）` : ''}`;
}

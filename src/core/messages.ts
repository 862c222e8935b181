/**
 * The one catalogue of what novel says to a person, in English and in
 * Chinese. `--lang zh|en`, else LC_ALL / LC_MESSAGES / LANG (zh_* ⇒ Chinese)
 * picks the language; `--json` keys and codes never change. Terms follow the
 * web-novel trade: 卷, 章, 大纲, 人设, 伏笔, 字数, 存稿. Pure.
 */

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

type Rung = 'lock' | 'draft' | 'summarize' | 'refine' | 'judge' | 'gate' | 'commit';
const RUNG_ZH: Record<Rung, string> = { lock: '加锁', draft: '起草', summarize: '摘要', refine: '润色', judge: '评审', gate: '闸门', commit: '入库' };
const ACTION_ZH: Record<string, string> = { execute: '执行', advance: '登记', commit: '入库', review: '待作者决定', recover: '恢复', done: '完成', fix: '先修复' };
/** " (revision 2)" / " (polish pass)" as the Chinese text says it. */
const modeZh = (mode: string): string => mode.replace(/^ \(revision (\d+)\)$/, '（第$1轮修改）').replace(/^ \(polish pass\)$/, '（打磨）');
const SEVERITY_ZH: Record<string, string> = { error: '错误', warning: '警告', info: '提示' };

export const MESSAGES = {
  // ---- status ----
  'status.where.chapter': entry<{ chapter: number; position: number | null; chapters: number | null; volume: number; first: number | null; last: number | null }>(
    (a) => `chapter ${a.chapter}${a.position !== null ? ` (${a.position} of ${a.chapters} in volume ${a.volume}, chapters ${a.first}–${a.last})` : a.chapters !== null ? ` (not in the volume ${a.volume} outline, which has ${a.chapters} chapters)` : ` (volume ${a.volume}: no outline yet)`}`,
    (a) => `第${a.chapter}章${a.position !== null ? `（第${a.volume}卷大纲第 ${a.position}/${a.chapters} 章，第${a.first}–${a.last}章）` : a.chapters !== null ? `（不在第${a.volume}卷大纲中，大纲共 ${a.chapters} 章）` : `（第${a.volume}卷：尚无大纲）`}`,
  ),
  'status.where.volume': entry<{ volume: number; state: string }>(
    (a) => `volume ${a.volume}: ${a.state === 'complete' ? 'the planned book is complete' : a.state === 'recovering' ? 'an interrupted plan commit to finish' : 'planning'}`,
    (a) => `第${a.volume}卷：${a.state === 'complete' ? '全书按计划已完结' : a.state === 'recovering' ? '有中断的卷规划入库待完成' : '规划中'}`,
  ),
  'status.committed': entry<{ n: number }>((a) => `${a.n} chapter(s) committed`, (a) => `已入库 ${a.n} 章`),
  'status.rung': entry<{ rung: string }>((a) => a.rung, (a) => RUNG_ZH[a.rung as Rung] ?? a.rung),
  'status.action': entry<{ action: string }>((a) => a.action, (a) => ACTION_ZH[a.action] ?? a.action),
  'status.round': entry<{ n: number; max: number }>((a) => `revision round: ${a.n} of ${a.max}`, (a) => `修改轮次：${a.n} / ${a.max}`),
  'status.gate': entry<{ decision: string; reason: string }>((a) => `gate: ${a.decision} — ${a.reason}`, (a) => `闸门：${a.decision}（${a.reason}）`),
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

  // ---- why the next step (novel next, status) ----
  'next.error_retry': entry<{ reason: string }>((a) => `the last run's executor failed here (orchestrator_state ERROR_RETRY; fix the cause, then \`novel run\` retries): ${a.reason}`, (a) => `上次运行的执行器在此失败（ERROR_RETRY；排除原因后 \`novel run\` 会重试）：${a.reason}`),
  'next.recover': entry<{ file: string }>((a) => `an unfinished commit journal ${a.file} must be rolled forward first`, (a) => `有未完成的入库日志 ${a.file}，须先完成入库`),
  'next.complete': entry<{ last: number; total: number }>((a) => `the planned book is written: chapter ${a.last} of ${a.total} is committed (config book_chapters)`, (a) => `全书按计划写完：第${a.last}章（共 ${a.total} 章）已入库（book_chapters）`),
  'next.plan_ready': entry<{ volume: number; first: number; last: number; dir: string }>((a) => `the plan of volume ${a.volume} (chapters ${a.first}–${a.last}) is staged and valid: commit it into ${a.dir}/`, (a) => `第${a.volume}卷（第${a.first}–${a.last}章）的规划已就绪且有效：入库到 ${a.dir}/`),
  'next.plan_invalid': entry<{ volume: number; step: string }>((a) => `the staged plan of volume ${a.volume} does not validate (see \`novel validate ${a.step}\`): run the plot-architect again`, (a) => `第${a.volume}卷的存稿规划未通过校验（见 \`novel validate ${a.step}\`）：请重新运行 plot-architect`),
  'next.plan': entry<{ volume: number; first: number; last: number }>((a) => `volume ${a.volume} is to be planned: run the plot-architect for chapters ${a.first}–${a.last}`, (a) => `第${a.volume}卷待规划：请运行 plot-architect 规划第${a.first}–${a.last}章的大纲`),
  'next.commit': entry<{ gate: string | null }>((a) => (a.gate ? `the gate allows the commit: ${a.gate}` : 'the gate allows the commit'), (a) => (a.gate ? `闸门放行，可以入库：${a.gate}` : '闸门放行，可以入库')),
  'next.review': entry<{ gate: string | null }>((a) => (a.gate ? `paused for the author: ${a.gate}` : 'paused for the author'), (a) => (a.gate ? `暂停，等待作者决定：${a.gate}` : '暂停，等待作者决定')),
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

  // ---- novel run ----
  'run.executor': entry<{ executor: string; model: string | null }>((a) => `executor: ${a.executor}${a.model ? ` (model ${a.model})` : ''}`, (a) => `执行器：${a.executor}${a.model ? `（模型 ${a.model}）` : ''}`),
  'run.execute': entry<{ step: string; agent: string; mode: string; attempt: number; packet: string | null }>(
    (a) => `… ${a.step}: ${a.agent} (${a.mode})${a.attempt > 1 ? `, attempt ${a.attempt}` : ''}${a.packet ? ` — packet ${a.packet}` : ''}`,
    (a) => `… ${a.step}：${a.agent}（${a.mode}）${a.attempt > 1 ? `，第 ${a.attempt} 次尝试` : ''}${a.packet ? `，指令包 ${a.packet}` : ''}`,
  ),
  'run.advanced': entry<{ step: string; to: string; gate: string | null; overall: number | null }>((a) => `✓ ${a.step} → ${a.to}${a.gate ? ` (gate ${a.gate}, overall ${a.overall})` : ''}`, (a) => `✓ ${a.step} → ${a.to}${a.gate ? `（闸门 ${a.gate}，总分 ${a.overall}）` : ''}`),
  'mutation.author_edits': entry<{ list: string }>((a) => `recorded your edits of the plan (logs/author-edits.jsonl): ${a.list}`, (a) => `已记录你对规划的修改（logs/author-edits.jsonl）：${a.list}`),
  'status.dormant': entry<{ n: number }>((a) => `foreshadowing: ${a.n} item(s) dormant (the next draft packet asks for a light touch: foreshadow_light_touch)`, (a) => `伏笔：${a.n} 条沉寂已久（下一章的写作指令会要求轻触：foreshadow_light_touch）`),
  'run.lint': entry<{ zishu: number; hard: string; soft: string; perK: number }>(
    (a) => `  lint: ${a.zishu} 字, AI clichés ${a.perK} per 1,000 字${a.hard ? `; hard: ${a.hard}` : ''}${a.soft ? `; soft: ${a.soft}` : ''}${a.hard || a.soft ? '' : '; clean'}`,
    (a) => `  检查：${a.zishu} 字，AI 套话每千字 ${a.perK} 处${a.hard ? `；硬伤：${a.hard}` : ''}${a.soft ? `；提示：${a.soft}` : ''}${a.hard || a.soft ? '' : '；无问题'}`,
  ),
  'run.committed': entry<{ step: string; recovered: boolean }>((a) => `✓ ${a.step} committed${a.recovered ? ' (an interrupted commit rolled forward)' : ''}`, (a) => `✓ ${a.step} 已入库${a.recovered ? '（补完了一次中断的入库）' : ''}`),
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

  // ---- doctor ----
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
  'doctor.outline_missing.fix': entry<{ volume: number }>((a) => `nothing to do now; novel run plans the rest of volume ${a.volume} (or write the blocks yourself)`, (a) => `现在无需处理；novel run 会规划第${a.volume}卷余下部分（也可以自己写大纲）`),
  'doctor.contract_missing': entry<{ chapters: string }>((a) => `no chapter contract for chapter(s) ${a.chapters}`, (a) => `第 ${a.chapters} 章缺少章节契约`),
  'doctor.contract_missing.fix': entry((_) => 'write them (novel schema contract shows the format)', (_) => '补写契约（格式见 novel schema contract）'),
  'doctor.executor_missing': entry<{ bin: string; path: string }>((a) => `${a.bin} is not on PATH (${a.path})`, (a) => `PATH 中找不到 ${a.bin}（${a.path}）`),
  'doctor.executor_missing.fix': entry<{ bin: string }>(
    (a) => (a.bin === 'claude' ? 'npm install -g @anthropic-ai/claude-code (only to run --executor claude)' : 'npm install -g @openai/codex (only to run --executor codex)'),
    (a) => (a.bin === 'claude' ? '仅在使用 --executor claude 时需要：npm install -g @anthropic-ai/claude-code' : '仅在使用 --executor codex 时需要：npm install -g @openai/codex'),
  ),

  // ---- errors (by code; details fill the blanks) ----
  'error.prefix': entry<{ command: string }>((a) => `novel ${a.command}: `, (a) => `novel ${a.command}：`),
  'error.hint': entry<{ hint: string }>((a) => `hint: ${a.hint}`, (a) => `提示：${a.hint}`),
  'error.generic': entry<{ code: string; message: string }>((a) => a.message, (a) => `出错（${a.code}）：${a.message}`),
  'error.not_a_project': entry<{ dir: string }>((a) => `${a.dir} holds no .checkpoint.json`, (a) => `${a.dir} 不是 novel 项目（没有 .checkpoint.json）`),
  'error.not_a_project.hint': entry((_) => 'cd into a novel project, pass --project DIR, or create one with `novel init DIR`', (_) => '进入项目目录、用 --project 指定，或用 `novel init 目录` 新建项目'),
  'error.usage': entry<{ detail: string }>((a) => a.detail, (a) => `命令用法有误：${a.detail}`),
  'error.invalid_step': entry<{ value: string }>((a) => `invalid step id ${a.value}`, (a) => `步骤编号 ${a.value} 无效（应为 chapter:NNN:阶段 或 volume:VV:plan，例如 chapter:004:draft）`),
  'error.invalid_step.hint': entry((_) => 'expected chapter:NNN:STAGE (STAGE one of draft, summarize, refine, judge, commit, review) or volume:VV:plan / volume:VV:commit, e.g. chapter:048:draft', (_) => '格式：chapter:NNN:阶段（阶段为 draft、summarize、refine、judge、commit、review 之一）或 volume:VV:plan / volume:VV:commit，例如 chapter:048:draft'),
  'error.lock_held': entry<{ holder: string }>((a) => `the project is locked by ${a.holder}`, (a) => `项目已被占用：${a.holder}`),
  'error.lock_held.hint': entry((_) => 'wait for it to finish, or `novel lock status` / `novel lock clear` if it is stale', (_) => '等它结束；若锁已过期，用 `novel lock status` 查看、`novel lock clear` 清除'),
  'error.final_trees_changed': entry<{ list: string }>((a) => `the book's files changed outside novel: ${a.list}`, (a) => `书稿文件在 novel 之外被改动：${a.list}`),
  'error.final_trees_changed.hint': entry((_) => 'restore them, or accept the edits with `novel state verify --accept`', (_) => '恢复这些文件，或用 `novel state verify --accept` 接受改动'),
  'error.validation_failed': entry<{ what: string; n: number }>((a) => `${a.what}: ${a.n} problem(s)`, (a) => `${a.what}：有 ${a.n} 处问题`),
  'error.validation_failed.hint': entry((_) => 'fix the files listed, then run the command again', (_) => '修正上面列出的文件后重新运行'),
  'error.diagnostic': entry<{ file: string; field: string | null; expected: string | null; found: string | null; message: string }>(
    (a) => a.message,
    (a) => `${a.file}${a.field ? `：字段 ${a.field}` : ''}${a.expected !== null ? `：应为 ${a.expected}` : ''}${a.found !== null ? `，实为 ${a.found}` : ''}`,
  ),
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
} as const;

export type MessageKey = keyof typeof MESSAGES;
type ArgsOf<K extends MessageKey> = Parameters<(typeof MESSAGES)[K]['en']>[0];

/** The text of one message in one language. */
export function say<K extends MessageKey>(lang: Lang, key: K, ...args: ArgsOf<K> extends Record<string, never> ? [] : [ArgsOf<K>]): string {
  const e = MESSAGES[key] as Entry<unknown>;
  return e[lang]((args[0] ?? {}) as unknown);
}

/** The message catalogue bound to a language. */
export function sayer(lang: Lang): <K extends MessageKey>(key: K, ...args: ArgsOf<K> extends Record<string, never> ? [] : [ArgsOf<K>]) => string {
  return (key, ...args) => say(lang, key, ...args);
}

/**
 * The one catalogue of what novel says to a person, in English and in
 * Chinese. `--lang zh|en`, else LC_ALL / LC_MESSAGES / LANG (zh_* ⇒ Chinese)
 * picks the language; `--json` keys and codes never change. Terms follow the
 * web-novel trade: 卷, 章, 大纲, 人设, 伏笔, 字数, 存稿. Pure.
 */

import { DIMENSION_ZH } from './dimension-names.js';
import { ACTION_NAMES, keysOf, LADDER_NOTES_ZH, RUNGS, stageZh, type LadderRung } from './step-table.js';
import { STEP_ID_FORMAT, STEP_ID_FORMAT_ZH } from './step-id.js';

import { entry, isSaid, listEn, listZh, type Entry, type Lang, type Said, type Words } from './messages/entry.js';
import { CLI_GROUPS } from './messages/cli.js';
import { CORE_GROUPS } from './messages/core.js';
import { IO_GROUPS } from './messages/io.js';
import { WEB_GROUPS } from './messages/web.js';

export { isSaid, type Lang, type Said, type Words };

/** The language of a run: the flag, else the locale of the environment. */
export function langOf(env: Readonly<Record<string, string | undefined>>, flag?: string): Lang {
  if (flag === 'zh' || flag === 'en') return flag;
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh/i.test(locale) ? 'zh' : 'en';
}

type Rung = LadderRung;
const RUNG_ZH: Record<Rung, string> = Object.fromEntries(keysOf(RUNGS).map((r) => [r, RUNGS[r].zh])) as Record<
  Rung,
  string
>;
/** " (revision 2)" / " (polish pass)" as the Chinese text says it. */
/** The notes of the status ladder's rungs (machines/pipeline.states.ts meta). */
const NOTE_ZH: Record<string, string> = Object.fromEntries(LADDER_NOTES_ZH);
const modeZh = (mode: string): string =>
  mode.replace(/^ \(revision (\d+)\)$/, '（第$1轮修改）').replace(/^ \(polish pass\)$/, '（打磨）');
const SEVERITY_ZH: Record<string, string> = { error: '错误', warning: '警告', info: '提示' };

/**
 * The catalogue, in groups named by the first word of their keys (`next.…`,
 * `error.…`). A group is built when one of its messages is first said: a
 * command builds only the groups it speaks, and its code cache holds only
 * their code (a message never said is never compiled).
 */
const OWN_GROUPS = {
  // ---- the parts of a diagnostic ----
  diagnostic: () => ({
    'diagnostic.missing': entry(
      (_) => 'nothing (the field is missing)',
      (_) => '缺少该字段',
    ),
  }),
  // ---- the gate's reasons (machines/novel.setup.ts): recorded in English (`reason`) and said (`words`) ----
  gate: () => ({
    'gate.blocked': entry<{ violations: number | null; lint: number | null; rules: string }>(
      (a) =>
        [
          a.violations !== null ? `${a.violations} high-confidence violation(s)` : '',
          a.lint !== null ? `${a.lint} hard lint finding(s) (${a.rules})` : '',
        ]
          .filter(Boolean)
          .join(' and '),
      (a) =>
        [
          a.violations !== null ? `${a.violations} 处高置信度违规` : '',
          a.lint !== null ? `${a.lint} 处检查硬伤（${a.rules}）` : '',
        ]
          .filter(Boolean)
          .join('，且'),
    ),
    'gate.score': entry<{ overall: string; pass: number; polish: number; revise: number; pause: number }>(
      (a) =>
        `overall_final ${a.overall} (pass ≥ ${a.pass}, polish ≥ ${a.polish}, revise ≥ ${a.revise}, pause ≥ ${a.pause})`,
      (a) => `最终总分 ${a.overall}（通过 ≥ ${a.pass}，打磨 ≥ ${a.polish}，修改 ≥ ${a.revise}，暂停 ≥ ${a.pause}）`,
    ),
    'gate.pass': entry<{ score: string }>(
      (a) => `pass: ${a.score}`,
      (a) => `通过：${a.score}`,
    ),
    'gate.polish': entry<{ score: string }>(
      (a) => `polish: ${a.score}; one extra refine, then commit`,
      (a) => `打磨：${a.score}；再润色一遍后入库`,
    ),
    'gate.revise': entry<{ score: string; n: number; max: number }>(
      (a) => `revise: ${a.score}; revision ${a.n} of ${a.max}`,
      (a) => `修改：${a.score}；第 ${a.n}/${a.max} 轮修改`,
    ),
    'gate.revise_skipped': entry<{ score: string }>(
      (a) => `revise not acted on (revision_policy none): ${a.score}`,
      (a) => `判定修改但不执行（revision_policy none）：${a.score}`,
    ),
    'gate.revise_awaits': entry<{ score: string }>(
      (a) => `revise awaits confirmation (revision_policy manual_confirm): ${a.score}`,
      (a) => `判定修改，等待作者确认（revision_policy manual_confirm）：${a.score}`,
    ),
    'gate.force_pass': entry<{ n: number; max: number; score: string }>(
      (a) =>
        `force pass: revision budget spent (${a.n}/${a.max}), ${a.score}, no high-confidence violation or hard lint`,
      (a) => `强制通过：修改轮次已用完（${a.n}/${a.max}），${a.score}，且没有高置信度违规或检查硬伤`,
    ),
    'gate.budget_spent': entry<{ n: number; max: number; score: string }>(
      (a) => `revision budget spent (${a.n}/${a.max}) and ${a.score}`,
      (a) => `修改轮次已用完（${a.n}/${a.max}），且${a.score}`,
    ),
    'gate.below_revise': entry<{ score: string }>(
      (a) => `score below the revise threshold: ${a.score}`,
      (a) => `分数低于修改阈值：${a.score}`,
    ),
    'gate.rewrite_advised': entry<{ score: string }>(
      (a) => `pause, rewrite advised: ${a.score}`,
      (a) => `暂停，建议重写：${a.score}`,
    ),
    'gate.polished': entry<{ reason: string }>(
      (a) => `${a.reason}; polished`,
      (a) => `${a.reason}；已打磨`,
    ),
    'gate.accepted': entry<{ reason: string }>(
      (a) => `accepted by the author (${a.reason})`,
      (a) => `作者已接受（${a.reason}）`,
    ),
    'gate.revision_requested': entry<{ n: number; reason: string }>(
      (a) => `revision ${a.n} requested by the author (${a.reason})`,
      (a) => `作者要求第 ${a.n} 轮修改（${a.reason}）`,
    ),
    'gate.recorded': entry<{ decision: string }>(
      (a) => `gate ${a.decision} (recorded)`,
      (a) => `闸门 ${a.decision}（已记录）`,
    ),
  }),
  // ---- a step's staged outputs checked (src/core/validate.ts; setup.ts and volume-plan.ts say some of these too) ----
  validate: () => ({
    'validate.the_file': entry(
      (_) => 'the file',
      (_) => '该文件',
    ),
    'validate.no_file': entry(
      (_) => 'no file',
      (_) => '文件不存在',
    ),
    'validate.empty_file': entry(
      (_) => 'an empty file',
      (_) => '空文件',
    ),
    'validate.run_step': entry<{ stage: string; file: string }>(
      (a) => `run the ${a.stage} step so that it writes ${a.file}`,
      (a) => `运行${stageZh(a.stage)}这一步（${a.stage}），让它写出 ${a.file}`,
    ),
    'validate.length': entry<{ min: number; max: number | null }>(
      (a) => `${a.min}–${a.max ?? '∞'} 字 (chapter_length in novel.config.json)`,
      (a) => `${a.min}–${a.max ?? '∞'} 字（novel.config.json 的 chapter_length）`,
    ),
    'validate.length_short': entry(
      (_) => 'the chapter is short of the target: let the writer expand it',
      (_) => '字数不足：让写手扩写',
    ),
    'validate.length_long': entry(
      (_) => 'the chapter is over the target: let the writer tighten it',
      (_) => '字数超出：让写手精简',
    ),
    'validate.wrong_chapter': entry<{ found: number; chapter: number }>(
      (a) => `this file belongs to chapter ${a.found}; write chapter ${a.chapter}'s output here`,
      (a) => `这个文件属于第${a.found}章；这里应写第${a.chapter}章的产出`,
    ),
    'validate.chapter_text': entry(
      (_) => 'chapter text',
      (_) => '章节正文',
    ),
    'validate.chapter_empty.fix': entry(
      (_) => 'write the chapter, starting with a `# ` title line',
      (_) => '写出章节正文，第一行是 `# ` 开头的标题',
    ),
    'validate.first_line': entry(
      (_) => 'first non-empty line',
      (_) => '第一个非空行',
    ),
    'validate.line_no': entry<{ line: number }>(
      (a) => `line ${a.line}`,
      (a) => `第 ${a.line} 行`,
    ),
    'validate.title_line': entry(
      (_) => 'title line',
      (_) => '标题行',
    ),
    'validate.title_line_example': entry(
      (_) => 'a `# ` title line, e.g. "# 第4章 雨夜"',
      (_) => '以 `# ` 开头的标题行，例如 "# 第4章 雨夜"',
    ),
    'validate.title_missing.fix': entry(
      (_) => 'start the chapter with a line "# <title>"',
      (_) => '章节第一行写成 "# 标题"',
    ),
    'validate.title_for': entry<{ chapter: number }>(
      (a) => `a title for chapter ${a.chapter} (第${a.chapter}章)`,
      (a) => `第${a.chapter}章的标题`,
    ),
    'validate.title_names': entry<{ title: string; named: number }>(
      (a) => `${a.title}, which names chapter ${a.named}`,
      (a) => `${a.title}，写的却是第${a.named}章`,
    ),
    'validate.title_mismatch.fix': entry<{ chapter: number }>(
      (a) => `write 第${a.chapter}章 in the title, or check that the file is chapter ${a.chapter}`,
      (a) => `标题里写第${a.chapter}章，或确认这个文件确是第${a.chapter}章`,
    ),
    'validate.title_kept': entry<{ title: string }>(
      (a) => `${a.title} (unchanged by the refiner)`,
      (a) => `${a.title}（润色不应改动）`,
    ),
    'validate.title_changed.fix': entry(
      (_) => 'the style-refiner should keep the title line as drafted',
      (_) => 'style-refiner 应保留起草时的标题行',
    ),
    'validate.summary_text': entry(
      (_) => 'a non-empty summary',
      (_) => '非空的摘要',
    ),
    'validate.op_applicable': entry(
      (_) =>
        'an op the commit can apply (`novel schema delta-op`: slug paths under characters, items, ' +
        'locations, factions, world_state, active_foreshadowing; foreshadow ids are slugs)',
      (_) =>
        '入库能应用的操作（见 `novel schema delta-op`：characters、items、locations、factions、' +
        'world_state、active_foreshadowing 下的英文短标识路径；伏笔 id 也是英文短标识）',
    ),
    'validate.op_dropped': entry<{ op: string; why: string }>(
      (a) => `${a.op}: ${a.why}`,
      (a) => `${a.op}：${a.why}`,
    ),
    'validate.op_dropped.fix': entry(
      (_) =>
        'the commit drops this op; correct it (ids are lowercase slugs ' +
        'as in entity_id_map and foreshadowing_tasks) or remove it',
      (_) => '入库会丢弃这条操作；请修正它（id 用 entity_id_map 与 foreshadowing_tasks 中的小写英文短标识）或删除',
    ),
    'validate.memory_text': entry(
      (_) => 'the storyline memory text',
      (_) => '故事线记忆正文',
    ),
    'validate.memory_keep': entry<{ percent: number; lines: number; file: string }>(
      (a) => `at least ${a.percent}% of the ${a.lines} line(s) of ${a.file} (memory_keep_ratio)`,
      (a) => `保留 ${a.file} 的 ${a.lines} 行中至少 ${a.percent}%（memory_keep_ratio）`,
    ),
    'validate.memory_kept': entry<{ kept: number; dropped: readonly string[] }>(
      (a) => `${a.kept} kept; dropped: ${listEn(a.dropped)}`,
      (a) => `保留了 ${a.kept} 行；删去：${listZh(a.dropped)}`,
    ),
    'validate.memory_shrunk.fix': entry(
      (_) =>
        'start from the committed memory (the packet names it as storyline_memory), ' +
        "keep its lines and add this chapter's; condense only on purpose",
      (_) => '从已入库的故事线记忆（指令包中的 storyline_memory）出发，保留原有各行，再补上本章的；只在有意时才压缩',
    ),
    'validate.delta_storyline': entry<{ id: string }>(
      (a) => `${a.id} (the delta's storyline_id)`,
      (a) => `${a.id}（与 delta 的 storyline_id 一致）`,
    ),
    'validate.secondary_eval': entry<{ chapter: number }>(
      (a) =>
        `a second, independent evaluation of chapter ${a.chapter}: it is a key ` +
        `chapter (the first or last of its volume, or inside a convergence event)`,
      (a) => `第${a.chapter}章的第二份独立评审：它是关键章（卷首、卷末或处在汇合事件中）`,
    ),
    'validate.secondary_eval.fix': entry(
      (_) =>
        'run the quality-judge a second time (executor.secondary_model picks its model) ' +
        'and write its evaluation there; quality.key_chapters: false turns this off',
      (_) =>
        '再运行一次 quality-judge（模型由 executor.secondary_model 指定），' +
        '把评审写在这里；quality.key_chapters: false 可关闭此要求',
    ),
  }),
  // ---- continuity (§19) ----
  continuity: () => ({
    'continuity.gone_acting': entry<{ name: string; status: string }>(
      (a) => `${a.name} acts in this chapter, but the state says ${a.status}`,
      (a) => `${a.name}在本章有所行动，但状态记为 ${a.status}`,
    ),
    'continuity.gone_acting.fix': entry<{ name: string }>(
      (a) =>
        `rewrite the sentence without ${a.name}, mark it as a memory, dream or ` +
        `flashback in the delta (recollections), or bring ${a.name} back with an op`,
      (a) =>
        `改写这句、不让${a.name}出场；或在 delta 的 recollections ` +
        `中标明这是回忆、梦境或闪回；或用一条操作让${a.name}复归`,
    ),
    'continuity.realm_down': entry<{ from: string; to: string }>(
      (a) => `the realm goes down from ${a.from} to ${a.to} with no reason given`,
      (a) => `境界从${a.from}跌到${a.to}，却没有交代原因`,
    ),
    'continuity.realm_down.fix': entry(
      (_) => "give the reason in the op's detail (an injury, a seal, a curse), or keep the realm",
      (_) => '在这条操作的 detail 中写明原因（重伤、封印、诅咒等），或保持原境界',
    ),
    'continuity.item_used': entry<{ name: string; status: string }>(
      (a) => `${a.name} is used, but the state says ${a.status}`,
      (a) => `${a.name}再次被使用，但状态记为 ${a.status}`,
    ),
    'continuity.item_used.fix': entry<{ name: string }>(
      (a) => `use another item, or recover ${a.name} first with an op that changes its status`,
      (a) => `换一件物品；或先用一条操作改变${a.name}的状态（找回、修复）`,
    ),
    'continuity.day_back': entry<{ from: number; to: number }>(
      (a) => `story_day goes back from ${a.from} to ${a.to}`,
      (a) => `故事时间倒退：从第 ${a.from} 天回到第 ${a.to} 天`,
    ),
    'continuity.day_back.fix': entry(
      (_) =>
        'keep story_day at least where it was; a flashback is marked in recollections, not by turning the day back',
      (_) => 'story_day 不得小于原值；闪回请在 recollections 中标明，而不是把天数调回去',
    ),
    'continuity.op_conflict': entry<{ path: string; first: string; second: string }>(
      (a) => `${a.path} is set twice in one delta: ${a.first}, then ${a.second}`,
      (a) => `同一个 delta 把 ${a.path} 设了两次：先是 ${a.first}，后是 ${a.second}`,
    ),
    'continuity.op_conflict.fix': entry(
      (_) => 'keep one set op per path: the value the chapter ends with',
      (_) => '每个路径只保留一条 set 操作：本章结束时的值',
    ),
    'continuity.name_drift': entry<{ found: string; name: string }>(
      (a) => `${a.found} is one character away from ${a.name}, and no character is called ${a.found}`,
      (a) => `「${a.found}」与「${a.name}」只差一个字，而书中没有叫「${a.found}」的人物`,
    ),
    'continuity.name_drift.fix': entry<{ found: string; name: string }>(
      (a) => `write ${a.name}, or add ${a.found} as a character or an alias`,
      (a) => `改为「${a.name}」；若确是另一人，请把「${a.found}」建为人物或别名`,
    ),
    'continuity.foreshadow_reopened': entry<{ id: string; action: string }>(
      (a) => `foreshadowing ${a.id} is resolved, but the delta marks it ${a.action} again`,
      (a) => `伏笔 ${a.id} 已回收，delta 却又记为 ${a.action}`,
    ),
    'continuity.bench.head': entry<{ chapters: number; seed: number; book: string }>(
      (a) => `continuity bench: ${a.book}, ${a.chapters} chapter(s), seed ${a.seed}`,
      (a) => `连续性基准：${a.book}，共 ${a.chapters} 章，种子 ${a.seed}`,
    ),
    'continuity.bench.columns': entry(
      (_) => 'kind                 planted  found  false+  recall  precision',
      (_) => '类型                 植入     检出   误报    召回    精确',
    ),
    'continuity.bench.clean': entry<{ n: number }>(
      (a) => `findings on the book as it is: ${a.n}`,
      (a) => `原书本身的发现：${a.n} 条`,
    ),
    'continuity.foreshadow_reopened.fix': entry<{ id: string }>(
      (a) => `plant a new foreshadowing item instead of reopening ${a.id}`,
      (a) => `另埋一条新伏笔，不要重开 ${a.id}`,
    ),
  }),
  // ---- status ----
  status: () => ({
    'status.where.chapter': entry<{
      chapter: number;
      position: number | null;
      chapters: number | null;
      volume: number;
      first: number | null;
      last: number | null;
    }>(
      (a) =>
        `chapter ${a.chapter}${
          a.position !== null
            ? ` (${a.position} of ${a.chapters} in volume ${a.volume}, chapters ${a.first}–${a.last})`
            : a.chapters !== null
              ? ` (not in the volume ${a.volume} outline, which has ${a.chapters} chapters)`
              : ` (volume ${a.volume}: no outline yet)`
        }`,
      (a) =>
        `第${a.chapter}章${
          a.position !== null
            ? `（第${a.volume}卷大纲第 ${a.position}/${a.chapters} 章，第${a.first}–${a.last}章）`
            : a.chapters !== null
              ? `（不在第${a.volume}卷大纲中，大纲共 ${a.chapters} 章）`
              : `（第${a.volume}卷：尚无大纲）`
        }`,
    ),
    'status.where.volume': entry<{ volume: number; doing: 'done' | 'recover' | 'setup' | 'plan'; step: string }>(
      (a) =>
        `volume ${a.volume}: ${
          a.doing === 'done'
            ? 'the planned book is complete'
            : a.doing === 'recover'
              ? 'an interrupted plan commit to finish'
              : a.doing === 'setup'
                ? `setting up the book (${a.step})`
                : 'planning'
        }`,
      (a) =>
        `第${a.volume}卷：${
          a.doing === 'done'
            ? '全书按计划已完结'
            : a.doing === 'recover'
              ? '有中断的卷规划入库待完成'
              : a.doing === 'setup'
                ? `新书设定中（${a.step}）`
                : '规划中'
        }`,
    ),
    'status.where.import': entry<{ chapter: number }>(
      (a) => `imported chapter ${a.chapter}: its catch-up summary`,
      (a) => `导入的第${a.chapter}章：补写摘要`,
    ),
    'status.committed': entry<{ n: number }>(
      (a) => `${a.n} chapter(s) committed`,
      (a) => `已入库 ${a.n} 章`,
    ),
    'status.rung': entry<{ rung: string }>(
      (a) => a.rung,
      (a) => RUNG_ZH[a.rung as Rung] ?? a.rung,
    ),
    'status.action': entry<{ action: string }>(
      (a) => a.action,
      (a) => ACTION_NAMES[a.action]?.zh ?? a.action,
    ),
    'status.note': entry<{ note: string }>(
      (a) => a.note,
      (a) => NOTE_ZH[a.note] ?? a.note,
    ),
    'status.round': entry<{ n: number; max: number }>(
      (a) => `revision round: ${a.n} of ${a.max}`,
      (a) => `修改轮次：${a.n} / ${a.max}`,
    ),
    'status.gate': entry<{ decision: string; reason: string }>(
      (a) => `gate: ${a.decision} — ${a.reason}`,
      (a) => `闸门：${a.decision}（${a.reason}）`,
    ),
    'status.lock.free': entry(
      (_) => 'lock: free',
      (_) => '锁：空闲',
    ),
    'status.lock.held': entry<{ holder: string; stale: string | null }>(
      (a) => `lock: held by ${a.holder}${a.stale ? ` — stale (${a.stale}); \`novel lock clear\` removes it` : ''}`,
      (a) => `锁：被占用（${a.holder}）${a.stale ? `，已过期（${a.stale}）；\`novel lock clear\` 可清除` : ''}`,
    ),
    'status.why': entry<{ reason: string }>(
      (a) => `why: ${a.reason}`,
      (a) => `原因：${a.reason}`,
    ),
    'status.next': entry<{ command: string }>(
      (a) => `next: ${a.command}`,
      (a) => `下一步：${a.command}`,
    ),
    'status.judge': entry(
      (_) => 'the judge said (heaviest first):',
      (_) => '评审意见（按轻重排列）：',
    ),
    'status.judge.kind': entry<{ kind: 'violation' | 'fix' | 'dimension' }>(
      (a) => ({ violation: 'violation', fix: 'required fix', dimension: 'score' })[a.kind],
      (a) => ({ violation: '违规', fix: '必改', dimension: '评分' })[a.kind],
    ),
    'status.judge.dimension': entry<{ name: string; score: number; reason: string }>(
      (a) => `${a.name} ${a.score}: ${a.reason}`,
      (a) => `${DIMENSION_ZH[a.name] ?? a.name} ${a.score}：${a.reason}`,
    ),
    'status.boundary': entry<{ list: string }>(
      (a) =>
        `the book's final trees changed outside novel (${a.list}); every other command refuses until this is fixed`,
      (a) => `书稿文件在 novel 之外被改动（${a.list}）；修复之前其他命令都会拒绝执行`,
    ),
    'status.book': entry<{
      n: number;
      zishu: number;
      wan: string;
      logs: number;
      input: number;
      output: number;
      cost: string;
    }>(
      (a) =>
        `book: ${a.n} chapter(s) committed, 字数 ${a.zishu}${a.zishu >= 10_000 ? ` (${a.wan})` : ''}; ` +
        `spending on record for ${a.logs} chapter(s): ${a.input} input / ${a.output} output tokens, ${a.cost}`,
      (a) =>
        `全书：已入库 ${a.n} 章，字数 ${a.wan}${a.zishu >= 10_000 ? `（${a.zishu} 字）` : ''}；` +
        `有花费记录的 ${a.logs} 章：` +
        `输入 ${a.input} / 输出 ${a.output} tokens，费用 ${a.cost}`,
    ),
    'status.book_unbuilt': entry<{ n: number }>(
      (a) =>
        `book: ${a.n} chapter(s) committed; its totals (字数, tokens, cost) are not built yet: ` +
        'run `novel state verify --accept` once (any mutating command builds them)',
      (a) =>
        `全书：已入库 ${a.n} 章；全书统计（字数、tokens、费用）尚未建立：` +
        '运行一次 `novel state verify --accept`（任何会写入的命令都会建立）',
    ),
    'status.daily': entry<{ zishu: number; goal: number; percent: number; streak: number; met: boolean }>(
      (a) =>
        `today: ${a.zishu} of ${a.goal} 字 (${a.percent}%)${a.met ? ', goal met' : ''}; ` +
        `streak: ${a.streak} day(s) at the goal`,
      (a) => `今日：${a.zishu} / ${a.goal} 字（${a.percent}%）${a.met ? '，已达标' : ''}；连续达标 ${a.streak} 天`,
    ),
    'status.dormant': entry<{ n: number }>(
      (a) =>
        `foreshadowing: ${a.n} item(s) dormant (the next draft packet asks for a light touch: foreshadow_light_touch)`,
      (a) => `伏笔：${a.n} 条沉寂已久（下一章的写作指令会要求轻触：foreshadow_light_touch）`,
    ),
  }),
  // ---- why the next step (novel next, status) ----
  next: () => ({
    'next.error_retry': entry<{ reason: string }>(
      (a) =>
        `the last run's executor failed here (orchestrator_state ERROR_RETRY; ` +
        `fix the cause, then \`novel run\` retries): ${a.reason}`,
      (a) => `上次运行的执行器在此失败（ERROR_RETRY；排除原因后 \`novel run\` 会重试）：${a.reason}`,
    ),
    'next.recover': entry<{ file: string }>(
      (a) => `an unfinished commit journal ${a.file} must be rolled forward first`,
      (a) => `有未完成的入库日志 ${a.file}，须先完成入库`,
    ),
    'next.recover.rewind': entry<{ file: string; chapter: number }>(
      (a) =>
        `an interrupted rewind to before chapter ${a.chapter} must be rolled forward first (its journal ${a.file})`,
      (a) => `有一次中断的回退（回到第${a.chapter}章之前）须先补完（回退日志 ${a.file}）`,
    ),
    'next.complete': entry<{ last: number; total: number }>(
      (a) => `the planned book is written: chapter ${a.last} of ${a.total} is committed (config book_chapters)`,
      (a) => `全书按计划写完：第${a.last}章（共 ${a.total} 章）已入库（book_chapters）`,
    ),
    'next.plan_ready': entry<{ volume: number; first: number; last: number; dir: string }>(
      (a) =>
        `the plan of volume ${a.volume} (chapters ${a.first}–${a.last}) is staged and valid: commit it into ${a.dir}/`,
      (a) => `第${a.volume}卷（第${a.first}–${a.last}章）的规划已就绪且有效：入库到 ${a.dir}/`,
    ),
    'next.plan_invalid': entry<{ volume: number; step: string }>(
      (a) =>
        `the staged plan of volume ${a.volume} does not validate (see ` +
        `\`novel validate ${a.step}\`): run the plot-architect again`,
      (a) => `第${a.volume}卷的暂存的规划未通过校验（见 \`novel validate ${a.step}\`）：请重新运行 plot-architect`,
    ),
    'next.setup': entry<{ step: string; agent: string; what: string }>(
      (a) => `the book is set up first (${a.step}): run the ${a.agent} to ${a.what}`,
      (a) =>
        `先为新书做设定（${a.step}）：请运行 ${a.agent}${
          a.what === 'build the world and the storylines'
            ? '，建立世界观与故事线'
            : a.what === 'weave the cast'
              ? '，编织人物'
              : '，从 samples/ 提炼文风'
        }`,
    ),
    'next.setup_ready': entry<{ step: string }>(
      (a) => `the staged files of ${a.step} are valid: move them into place`,
      (a) => `${a.step} 的暂存文件有效：移入作品`,
    ),
    'next.setup_invalid': entry<{ step: string; agent: string }>(
      (a) =>
        `the staged files of ${a.step} do not validate (see \`novel validate ${a.step}\`): run the ${a.agent} again`,
      (a) => `${a.step} 的暂存文件未通过校验（见 \`novel validate ${a.step}\`）：请重新运行 ${a.agent}`,
    ),
    'next.import_summarize': entry<{ chapter: number; total: number }>(
      (a) => `imported chapter ${a.chapter} of ${a.total} needs its catch-up summary: run the summarizer on it`,
      (a) => `导入的第${a.chapter}章（共${a.total}章）需要补写摘要：请运行 summarizer`,
    ),
    'next.import_advance': entry<Record<string, never>>(
      (_) => 'the catch-up summary is staged and valid: advance it',
      (_) => '补写的摘要已就绪且有效：请推进',
    ),
    'next.import_commit': entry<{ chapter: number }>(
      (a) =>
        `the catch-up summary of imported chapter ${a.chapter} is ` +
        `advanced: commit it (the imported text stays as it is)`,
      (a) => `导入的第${a.chapter}章的补写摘要已推进：请入库（导入的正文保持不变）`,
    ),
    'next.plan': entry<{ volume: number; first: number; last: number; noStyle: boolean }>(
      (a) =>
        `volume ${a.volume} is to be planned: run the plot-architect for chapters ${a.first}–${a.last}` +
        `${
          a.noStyle
            ? ' (book:style was skipped: samples/ holds no text; put sample chapters there to have a style ' +
              'profile drawn first)'
            : ''
        }`,
      (a) =>
        `第${a.volume}卷待规划：请运行 plot-architect 规划第${a.first}–${a.last}章的大纲` +
        `${a.noStyle ? '（已跳过 book:style：samples/ 中没有文本；放入样章即可先提炼文风档案）' : ''}`,
    ),
    'next.commit': entry<{ gate: string | null }>(
      (a) => (a.gate ? `the gate allows the commit: ${a.gate}` : 'the gate allows the commit'),
      (a) => (a.gate ? `闸门放行，可以入库：${a.gate}` : '闸门放行，可以入库'),
    ),
    'next.review': entry<{ gate: string | null }>(
      (a) => (a.gate ? `paused for the author: ${a.gate}` : 'paused for the author'),
      (a) => (a.gate ? `暂停，等待作者决定：${a.gate}` : '暂停，等待作者决定'),
    ),
    'next.interrupted': entry<{ step: string; attempt: number }>(
      (a) =>
        `an execution of ${a.step} (attempt ${a.attempt}) by \`novel run\` was ` +
        `interrupted: its outputs may be partial and are not reused; the step runs ` +
        `again (\`novel run\` moves them to staging/revisions/…/interrupted-K/ ` +
        `first), or \`novel advance ${a.step}\` records them if you checked them`,
      (a) =>
        `\`novel run\` 对 ${a.step} 的第 ${a.attempt} 次执行被中断：产出可能不完整，不会复用；` +
        `这一步将重跑（\`novel run\` 先把它们移到 staging/revisions/…/interrupted-K/），` +
        `若你已检查无误，也可用 \`novel advance ${a.step}\` 登记`,
    ),
    'next.running': entry<{ step: string; attempt: number }>(
      (a) =>
        `\`novel run\` is executing ${a.step} now (attempt ${a.attempt}): it checks and records what the step ` +
        `writes when the step ends; nothing to do by hand (\`novel serve\` shows it live)`,
      (a) =>
        `\`novel run\` 正在执行 ${a.step}（第 ${a.attempt} 次）：这一步结束时由它检查并登记产出，无需手动操作` +
        `（\`novel serve\` 可实时查看）`,
    ),
    'next.advance': entry<{ who: string; mode: string; draftLost: boolean }>(
      (a) =>
        a.draftLost
          ? `the staged chapter replaced the one recorded at the draft advance${a.mode}: record it as the draft`
          : `the ${a.who} outputs${a.mode} are present, new and valid: record them`,
      (a) =>
        a.draftLost
          ? `暂存的章节已替换起草登记时的版本${modeZh(a.mode)}：登记为新草稿`
          : `${a.who} 的产出${modeZh(a.mode)}已就绪、是新的且有效：登记它们`,
    ),
    'next.execute': entry<{
      who: string;
      mode: string;
      why: 'lost' | 'missing' | 'invalid' | 'unchanged';
      step: string;
      refine: boolean;
    }>(
      (a) =>
        a.why === 'lost'
          ? `the drafted chapter is missing from staging or was replaced since its advance: draft it again${a.mode}`
          : a.why === 'missing'
            ? `run the ${a.who}${a.mode}`
            : a.why === 'invalid'
              ? `the ${a.who} outputs${a.mode} do not validate: run it again (see \`novel validate ${a.step}\`)`
              : `the ${a.who} outputs${a.mode} are unchanged since the last advance: run ` +
                `it${a.refine ? ' (a refine that changes nothing counts once it writes a fresh change log)' : ''}`,
      (a) =>
        a.why === 'lost'
          ? `起草登记后的章节在暂存区丢失或被替换：请重新起草${modeZh(a.mode)}`
          : a.why === 'missing'
            ? `请运行 ${a.who}${modeZh(a.mode)}`
            : a.why === 'invalid'
              ? `${a.who} 的产出${modeZh(a.mode)}未通过校验：请重跑（见 \`novel validate ${a.step}\`）`
              : `${a.who} 的产出${modeZh(a.mode)}自上次登记后没有变化：` +
                `请运行它${a.refine ? '（润色若确实无需改动，写一份新的修改记录即可）' : ''}`,
    ),
  }),
  // ---- advance, decide, validate, commit: what was done ----
  done: () => ({
    'done.setup.head': entry<{ step: string; dry: boolean }>(
      (a) => `${a.dry ? 'would commit' : 'committed'} the setup step ${a.step}:`,
      (a) => `${a.dry ? '将入库' : '已入库'}设定步骤 ${a.step}：`,
    ),
    'done.setup.recovered': entry<Record<string, never>>(
      (_) => 'the interrupted setup commit was rolled forward',
      (_) => '中断的设定入库已完成',
    ),
    'done.advanced': entry<{ step: string; from: string; to: string }>(
      (a) => `advanced ${a.step}: ${a.from} → ${a.to}`,
      (a) => `已登记 ${a.step}：${a.from} → ${a.to}`,
    ),
    'done.decided': entry<{ chapter: number; decision: string; from: string; to: string }>(
      (a) => `chapter ${a.chapter}: ${a.decision} (${a.from} → ${a.to})`,
      (a) =>
        `第${a.chapter}章：${
          ({ accept: '接受', revise: '修改', rewrite: '重写' } as Record<string, string>)[a.decision] ?? a.decision
        }（${a.from} → ${a.to}）`,
    ),
    'done.archived': entry<{ n: number; dir: string }>(
      (a) => `archived ${a.n} file(s) to ${a.dir}/`,
      (a) => `已把 ${a.n} 个文件归档到 ${a.dir}/`,
    ),
    'done.next': entry<{ step: string; action: string }>(
      (a) => `next: ${a.step} (${a.action})`,
      (a) => `下一步：${a.step}（${ACTION_NAMES[a.action]?.zh ?? a.action}）`,
    ),
    'done.rolled_forward': entry<{ kind: string; n: number | null }>(
      (a) => `rolled forward an unfinished commit (${a.kind} ${a.n}) first`,
      (a) => `先补完了一次未完成的入库（${a.kind === 'volume' ? `第${a.n}卷` : `第${a.n}章`}）`,
    ),
    'done.valid': entry<{ step: string }>(
      (a) => `${a.step}: valid`,
      (a) => `${a.step}：校验通过`,
    ),
    'done.valid.plan': entry<{ step: string; first: number; last: number }>(
      (a) => `${a.step}: valid (chapters ${a.first}–${a.last})`,
      (a) => `${a.step}：校验通过（第${a.first}–${a.last}章）`,
    ),
    'done.output': entry<{ path: string; unchanged: boolean }>(
      (a) => `  ${a.path}${a.unchanged ? ' (unchanged since the last advance)' : ''}`,
      (a) => `  ${a.path}${a.unchanged ? '（自上次登记后未变）' : ''}`,
    ),
    'done.commit.head': entry<{ chapter: number; dry: boolean }>(
      (a) => `${a.dry ? 'would commit' : 'committed'} chapter ${a.chapter}:`,
      (a) => `${a.dry ? '将入库' : '已入库'}第${a.chapter}章：`,
    ),
    'done.commit.ops': entry<{ applied: number; dropped: number }>(
      (a) => `  state ops: ${a.applied} applied, ${a.dropped} dropped`,
      (a) => `  状态操作：应用 ${a.applied} 条，丢弃 ${a.dropped} 条`,
    ),
    'done.commit.recovered': entry<{ chapter: number }>(
      (a) => `chapter ${a.chapter}: an interrupted commit was rolled forward; the chapter is committed`,
      (a) => `第${a.chapter}章：补完了一次中断的入库，本章已入库`,
    ),
    'done.plan.recovered': entry<{ volume: number }>(
      (a) => `volume ${a.volume}: an interrupted plan commit was rolled forward`,
      (a) => `第${a.volume}卷：补完了一次中断的规划入库`,
    ),
  }),
  // ---- lint ----
  lint: () => ({
    'lint.head': entry<{ zishu: number; hard: number; soft: number; warn: number; perK: number; ai: number }>(
      (a) =>
        `lint: ${a.zishu} 字, ${a.hard} hard, ${a.soft} soft, ${a.warn} warn; AI ` +
        `flavour ${Number(a.ai).toFixed(2)}; AI clichés ${a.perK} per 1,000 字`,
      (a) =>
        `检查：${a.zishu} 字，硬伤 ${a.hard}，提示 ${a.soft}，留意 ${a.warn}；` +
        `AI味 ${Number(a.ai).toFixed(2)}；AI 套话每千字 ${a.perK} 处`,
    ),
    'lint.report.head': entry<{
      chapter: number;
      source: string;
      zishu: number;
      paragraphs: number;
      sentences: number;
      ai: number;
      hits: number;
      perK: number;
      dialogue: number;
    }>(
      (a) =>
        `chapter ${a.chapter} (${a.source}): ${a.zishu} 字, ${a.paragraphs} paragraph(s), ` +
        `${a.sentences} sentence(s); AI flavour ${Number(a.ai).toFixed(2)}; AI clichés ` +
        `${a.hits} (${a.perK} per 1,000 字), dialogue ${a.dialogue}%`,
      (a) =>
        `第${a.chapter}章（${
          a.source === 'staging'
            ? '暂存区'
            : a.source === 'chapters'
              ? '已入库'
              : a.source === 'file'
                ? '文件'
                : a.source
        }）：${a.zishu} 字，${a.paragraphs} 段，${a.sentences} 句；AI味 ${Number(a.ai).toFixed(2)}；` +
        `AI 套话 ${a.hits} 处（每千字 ${a.perK} 处），对白占 ${a.dialogue}%`,
    ),
    'lint.finding': entry<{
      severity: string;
      rule: string;
      line: number | null;
      message: string;
      excerpt: string | null;
    }>(
      (a) =>
        `${a.severity.padEnd(4)} ${a.rule}${a.line ? ` (line ${a.line})` : ''}` +
        `: ${a.message}${a.excerpt ? ` — ${a.excerpt}` : ''}`,
      (a) =>
        `${({ hard: '硬伤', soft: '提示', warn: '留意' } as Record<string, string>)[a.severity] ?? a.severity} ` +
        `${a.rule}${a.line ? `（第 ${a.line} 行）` : ''}：${a.message}${a.excerpt ? ` —— ${a.excerpt}` : ''}`,
    ),
    'lint.fix': entry<{ fix: string }>(
      (a) => `     fix: ${a.fix}`,
      (a) => `     改法：${a.fix}`,
    ),
    'lint.none': entry(
      (_) => 'no findings',
      (_) => '没有发现问题',
    ),
  }),
  // ---- novel chapters ----
  chapters: () => ({
    'chapters.head': entry(
      (_) =>
        'chapter  字数    汉字    overall  gate              revisions  ' +
        'hard/soft  套话/千字  hook  tokens    cost      time     title',
      (_) =>
        '   章节  字数    汉字       总分  闸门              修改轮次   ' +
        '硬伤/提示  套话/千字  钩子  tokens    费用      用时     章名',
    ),
    'chapters.total': entry(
      (_) => '  total',
      (_) => '   合计',
    ),
    'chapters.count': entry<{ n: number }>(
      (a) => `${a.n} chapter(s)`,
      (a) => `共 ${a.n} 章`,
    ),
  }),
  // ---- novel init ----
  init: () => ({
    'init.created': entry<{ dir: string }>(
      (a) => `created a novel project in ${a.dir}`,
      (a) => `已新建 novel 项目：${a.dir}`,
    ),
    'init.kept': entry<{ file: string }>(
      (a) => `  = ${a.file} (kept as it was)`,
      (a) => `  = ${a.file}（保留原样）`,
    ),
    'init.ask.title': entry(
      (_) => 'Title of the book: ',
      (_) => '书名：',
    ),
    'init.ask.author': entry(
      (_) => 'Author (pen name): ',
      (_) => '作者（笔名）：',
    ),
    'init.ask.blurb': entry(
      (_) => 'Blurb (简介, Enter to skip): ',
      (_) => '简介（可回车跳过）：',
    ),
    'init.no_book': entry(
      (_) =>
        'book.json not written: no title and author were given (exports say 《未命名》 by 佚名 until then); ' +
        'write it, or run `novel init --title T --author A` on a terminal next time',
      (_) =>
        '未写 book.json：没有给出书名和作者（在此之前导出显示《未命名》、佚名）；' +
        '请手写它，或下次用 `novel init --title 书名 --author 作者`',
    ),
    'init.next': entry<{ step: string; command: string }>(
      (a) => `next: ${a.step} (\`${a.command}\`)`,
      (a) => `下一步：${a.step}（\`${a.command}\`）`,
    ),
  }),
  // ---- the lock ----
  lock: () => ({
    'lock.free': entry(
      (_) => 'lock: free',
      (_) => '锁：空闲',
    ),
    'lock.held': entry<{ stale: string | null; holder: string | null }>(
      (a) =>
        `lock: held${a.stale ? ` (stale: ${a.stale})` : ''} by ` +
        `${a.holder ?? 'an unknown tool (no readable info.json)'}`,
      (a) =>
        `锁：被占用${a.stale ? `（已过期：${a.stale}）` : ''}，` +
        `持有者：${a.holder ?? '未知工具（没有可读的 info.json）'}`,
    ),
  }),
  // ---- novel state verify ----
  verify: () => ({
    'verify.fix_recorded': entry<{ state: string; log: string }>(
      (a) =>
        `state: your fix of ${a.state} is recorded in ${a.log} (an ` +
        `accepted-state line); replay and \`novel state rebuild\` keep it`,
      (a) =>
        `状态：你对 ${a.state} 的修改已记入 ${a.log}（一行 accepted-state）；重放与 \`novel state rebuild\` 都会保留它`,
    ),
    'verify.consistent': entry<{ n: number }>(
      (a) => `state: consistent with the changelog (${a.n} line(s))`,
      (a) => `状态：与变更日志一致（${a.n} 行）`,
    ),
    'verify.diverges': entry<{ n: number; first: string }>(
      (a) => `state: DIVERGES from the changelog at ${a.n} path(s); first divergent chapter: ${a.first}`,
      (a) => `状态：与变更日志在 ${a.n} 处不一致；最早分歧章：${a.first}`,
    ),
    'verify.no_fingerprint': entry<{ accepted: boolean }>(
      (a) =>
        `files: no fingerprint is recorded yet` +
        `${a.accepted ? ' (recorded now)' : '; the next mutating command records one'}: the state alone is judged`,
      (a) => `文件：尚未记录指纹${a.accepted ? '（现已记录）' : '；下一个写入命令会记录'}：只检查了状态`,
    ),
    'verify.files_differ': entry<{ n: number; accepted: boolean }>(
      (a) =>
        `files: ${a.n} differ from the fingerprint${a.accepted ? ' (accepted: recorded as the new fingerprint)' : ''}`,
      (a) => `文件：${a.n} 个与指纹不符${a.accepted ? '（已接受：记为新指纹）' : ''}`,
    ),
    'verify.files_match': entry(
      (_) => 'files: every file matches the fingerprint',
      (_) => '文件：全部与指纹一致',
    ),
    'verify.hint': entry<{ hint: string }>(
      (a) => `hint: ${a.hint}`,
      (a) => `提示：${a.hint}`,
    ),
  }),
  // ---- novel rewind ----
  rewind: () => ({
    'rewind.head': entry<{ dry: boolean; chapter: number; n: number; folder: string }>(
      (a) =>
        `${a.dry ? 'would rewind' : 'rewound'} to before chapter ${a.chapter}: ${a.n} chapter(s) moved to ${a.folder}/`,
      (a) => `${a.dry ? '将回退' : '已回退'}到第${a.chapter}章之前：${a.n} 章移到 ${a.folder}/`,
    ),
    'rewind.restored': entry<{ file: string }>(
      (a) => `  restored ${a.file} as it was after the chapter before`,
      (a) => `  已把 ${a.file} 恢复为前一章入库后的样子`,
    ),
    'rewind.changelog': entry<{ n: number }>(
      (a) => `  changelog: ${a.n} line(s) cut (kept in the rewind folder)`,
      (a) => `  变更日志：截去 ${a.n} 行（保存在回退目录中）`,
    ),
    'rewind.nothing': entry<{ chapter: number }>(
      (a) =>
        `nothing to rewind: no chapter from ${a.chapter} on is committed, and nothing of it is staged ` +
        '(no folder was made)',
      (a) => `无可回退：第${a.chapter}章及以后没有已入库的章节，暂存区也没有它的文件（未建任何目录）`,
    ),
    'rewind.recovered': entry<{ chapter: number }>(
      (a) => `an interrupted rewind to before chapter ${a.chapter} was rolled forward`,
      (a) => `补完了一次中断的回退（回到第${a.chapter}章之前）`,
    ),
  }),
  // ---- novel import ----
  import: () => ({
    'import.done': entry<{ n: number; root: string; created: boolean; encoding: string; zishu: number }>(
      (a) =>
        `imported ${a.n} chapter(s) into ${a.root}` +
        `${a.created ? ' (a new project)' : ''}: ${a.encoding}, 字数 ${a.zishu}`,
      (a) => `已导入 ${a.n} 章到 ${a.root}${a.created ? '（新项目）' : ''}：编码 ${a.encoding}，字数 ${a.zishu}`,
    ),
    'import.range': entry<{ first: string; last: string }>(
      (a) => `  from "${a.first}" to "${a.last}"`,
      (a) => `  从「${a.first}」到「${a.last}」`,
    ),
    'import.preface': entry<{ n: number }>(
      (a) => `  ${a.n} line(s) before the first chapter heading were not imported (a preface or a blurb)`,
      (a) => `  第一章之前的 ${a.n} 行未导入（序言或简介）`,
    ),
    'import.skipped': entry<{ n: number }>(
      (a) => `  ${a.n} line(s) looked like chapter headings but were kept as prose (check them):`,
      (a) => `  ${a.n} 行像章节标题，按正文保留（请核对）：`,
    ),
    'import.heading_like': entry(
      (_) => " (a heading's look, not a heading: 第N章 then a space and the title makes one)",
      (_) => '（形似标题而非标题：第N章后空一格再写标题才算）',
    ),
    'import.book': entry<{ title: string; author: string; blurb: boolean }>(
      (a) =>
        `  book.json: 《${a.title}》${a.author ? ` by ${a.author}` : ' (no 作者 line: 佚名)'}` +
        `${a.blurb ? ', with its 简介' : ''}`,
      (a) =>
        `  book.json：《${a.title}》${a.author ? `，作者 ${a.author}` : '（没有“作者：”行：佚名）'}` +
        `${a.blurb ? '，含简介' : ''}`,
    ),
    'import.volume': entry<{ volume: number; title: string; first: number; last: number }>(
      (a) => `  volume ${a.volume}${a.title ? ` 「${a.title}」` : ''}: chapters ${a.first}–${a.last}`,
      (a) => `  第${a.volume}卷${a.title ? `「${a.title}」` : ''}：第${a.first}–${a.last}章`,
    ),
    'import.next': entry<{ volume: number }>(
      (a) =>
        `next: novel next (volume ${a.volume} is planned from the chapter after ` +
        'the last imported one); the report: logs/import-report.json',
      (a) => `下一步：novel next（从导入的最后一章之后规划第${a.volume}卷）；导入报告：logs/import-report.json`,
    ),
  }),
  // ---- novel serve ----
  serve: () => ({
    'serve.listening': entry<{ url: string }>(
      (a) => `serving the book read-only at ${a.url} (Ctrl-C stops)`,
      (a) => `只读仪表盘已启动：${a.url}（Ctrl-C 停止）`,
    ),
    'serve.stopped': entry(
      (_) => 'stopped serving',
      (_) => '仪表盘已停止',
    ),
  }),
  // ---- the executors' box (PROTOCOL §17): a run's first line, status, doctor ----
  box: () => ({
    'box.on': entry<{ detail: string }>(
      (a) => `box: on (bubblewrap ${a.detail}): executors may write staging/ only, and nothing outlives its step`,
      (a) => `沙箱：已启用（bubblewrap ${a.detail}）：执行器只能写 staging/，步骤结束时其进程全部结束`,
    ),
    'box.off': entry<{ detail: string }>(
      (_) => 'box: off (executor.sandbox is "off"): executors run with all of your rights; the step guard only detects',
      (_) => '沙箱：已关闭（executor.sandbox 为 "off"）：执行器拥有你的全部权限，只有步骤守卫事后检查',
    ),
    'box.unavailable': entry<{ detail: string }>(
      (a) => `box: unavailable (${a.detail}): executors run with all of your rights; the step guard only detects`,
      (a) => `沙箱：不可用（${a.detail}）：执行器拥有你的全部权限，只有步骤守卫事后检查`,
    ),
    'box.required': entry<{ detail: string }>(
      (a) => `box: required but unavailable (${a.detail}): \`novel run\` with an executor refuses`,
      (a) => `沙箱：要求启用但不可用（${a.detail}）：novel run 会拒绝启动执行器`,
    ),
    'box.demo': entry<{ detail: string }>(
      (_) => 'box: not needed (the demo executor is novel itself, writing staging/ only)',
      (_) => '沙箱：不需要（演示执行器就是 novel 本身，只写 staging/）',
    ),
    'box.unchecked': entry<{ detail: string }>(
      (_) =>
        'box: not checked yet for this book: `novel doctor` checks it now; ' +
        'the next command that writes, such as `novel state verify --accept`, keeps the answer for status',
      (_) =>
        '沙箱：本书尚未检查：novel doctor 可立即检查；' +
        '下一个会写入的命令（如 novel state verify --accept）会保存结果供 status 读取',
    ),
  }),
  // ---- novel run ----
  run: () => ({
    'run.executor': entry<{ executor: string; model: string | null }>(
      (a) => `executor: ${a.executor}${a.model ? ` (model ${a.model})` : ''}`,
      (a) => `执行器：${a.executor}${a.model ? `（模型 ${a.model}）` : ''}`,
    ),
    'run.execute': entry<{ step: string; agent: string; mode: string; attempt: number; packet: string | null }>(
      (a) =>
        `… ${a.step}: ${a.agent} (${a.mode})${a.attempt > 1 ? `, attempt ${a.attempt}` : ''}` +
        `${a.packet ? ` — packet ${a.packet}` : ''}`,
      (a) =>
        `… ${a.step}：${a.agent}（${a.mode}）${a.attempt > 1 ? `，第 ${a.attempt} 次尝试` : ''}` +
        `${a.packet ? `，指令包 ${a.packet}` : ''}`,
    ),
    'run.advanced': entry<{ step: string; to: string; gate: string | null; overall: number | null }>(
      (a) => `✓ ${a.step} → ${a.to}${a.gate ? ` (gate ${a.gate}, overall ${a.overall})` : ''}`,
      (a) => `✓ ${a.step} → ${a.to}${a.gate ? `（闸门 ${a.gate}，总分 ${a.overall}）` : ''}`,
    ),
    'run.lint': entry<{ zishu: number; hard: string; soft: string; perK: number; ai: number }>(
      (a) =>
        `  lint: ${a.zishu} 字, AI flavour ${Number(a.ai).toFixed(2)}, AI clichés ` +
        `${a.perK} per 1,000 字${a.hard ? `; hard: ${a.hard}` : ''}` +
        `${a.soft ? `; soft: ${a.soft}` : ''}${a.hard || a.soft ? '' : '; clean'}`,
      (a) =>
        `  检查：${a.zishu} 字，AI味 ${Number(a.ai).toFixed(2)}，AI 套话每千字 ` +
        `${a.perK} 处${a.hard ? `；硬伤：${a.hard}` : ''}` +
        `${a.soft ? `；提示：${a.soft}` : ''}${a.hard || a.soft ? '' : '；无问题'}`,
    ),
    'run.committed': entry<{ step: string; recovered: boolean }>(
      (a) => `✓ ${a.step} committed${a.recovered ? ' (an interrupted commit rolled forward)' : ''}`,
      (a) => `✓ ${a.step} 已入库${a.recovered ? '（补完了一次中断的入库）' : ''}`,
    ),
    'run.rolled_forward': entry<{ journal: string; kind: 'chapter' | 'volume' | 'rewind' | 'setup'; n: number | null }>(
      (a) =>
        `↻ ${a.journal}: an interrupted ${
          a.kind === 'rewind'
            ? `rewind to before chapter ${a.n}`
            : a.kind === 'volume'
              ? `plan commit of volume ${a.n}`
              : a.kind === 'setup'
                ? 'setup commit'
                : `commit of chapter ${a.n}`
        } was rolled forward before the run began (its chapters are counted from the book as it now is)`,
      (a) =>
        `↻ ${a.journal}：运行开始前补完了一次中断的${
          a.kind === 'rewind'
            ? `回退（回到第${a.n}章之前）`
            : a.kind === 'volume'
              ? `规划入库（第${a.n}卷）`
              : a.kind === 'setup'
                ? '设定入库'
                : `入库（第${a.n}章）`
        }（本次的章数从补完后的进度算起）`,
    ),
    'run.inspector': entry<{ url: string }>(
      (a) => `inspector: live actor connected to ${a.url}`,
      (a) => `检视器：已连接到 ${a.url}，实时显示状态机`,
    ),
    'run.inspector_unreachable': entry<{ url: string }>(
      (a) =>
        `inspector: nothing listens at ${a.url} (start the Stately inspector ` +
        `there, or pass --inspect=ws://host:port); the run goes on without it`,
      (a) =>
        `检视器：${a.url} 没有响应（请在那里启动 Stately 检视器，或用 --inspect=ws://主机:端口 指定）；运行照常继续`,
    ),
    'run.interrupted': entry<{ step: string; moved: number; to: string; restored: number }>(
      (a) =>
        `↯ ${a.step}: an earlier execution was interrupted; its outputs are not ` +
        `reused${a.moved ? ` (${a.moved} file(s) moved to ${a.to}/)` : ''}` +
        `${a.restored ? `, ${a.restored} restored as they were before it` : ''}`,
      (a) =>
        `↯ ${a.step}：之前的一次执行被中断，其产出不再复用${a.moved ? `（${a.moved} 个文件移到 ${a.to}/）` : ''}` +
        `${a.restored ? `，${a.restored} 个恢复为执行前的样子` : ''}`,
    ),
    'run.outside_staging': entry<{ step: string; changed: number; planted: number }>(
      (a) =>
        `✗ ${a.step}: the executor ${a.changed ? `changed ${a.changed} path(s) outside staging/` : ''}` +
        `${a.changed && a.planted ? ' and ' : ''}` +
        `${a.planted ? `wrote ${a.planted} staged path(s) that are not its own outputs` : ''}:`,
      (a) =>
        `✗ ${a.step}：执行器${a.changed ? `改动了 staging/ 之外的 ${a.changed} 个路径` : ''}` +
        `${a.changed && a.planted ? '，并且' : ''}` +
        `${a.planted ? `写了 ${a.planted} 个不属于这一步的暂存文件` : ''}：`,
    ),
    'run.unexpected': entry<{ step: string; moved: number; to: string; left: string; nLeft: number }>(
      (a) =>
        `↷ ${a.step}: ${a.moved} staged file(s) that are neither inputs nor outputs of this step ` +
        `moved to ${a.to}/${a.nLeft ? ` (${a.nLeft} could not be moved: ${a.left})` : ''}`,
      (a) =>
        `↷ ${a.step}：${a.moved} 个既非这一步输入也非其产出的暂存文件已移到 ` +
        `${a.to}/${a.nLeft ? `（${a.nLeft} 个无法移动：${a.left}）` : ''}`,
    ),
    'run.staging_overflow': entry<{ step: string; count: number; limit: number; biggest: string }>(
      (a) => `✗ ${a.step}: staging/ holds ${a.count} entries (limit ${a.limit}); biggest: ${a.biggest}`,
      (a) => `✗ ${a.step}：staging/ 里有 ${a.count} 项（上限 ${a.limit}）；最大的目录：${a.biggest}`,
    ),
    'run.reused': entry<{ step: string }>(
      (a) => `↺ ${a.step}: outputs already present and valid, reused (--force re-runs the step)`,
      (a) => `↺ ${a.step}：产出已在且有效，直接复用（--force 可强制重跑）`,
    ),
    'run.warning': entry<{ step: string; message: string }>(
      (a) => `  warning (${a.step}): ${a.message}`,
      (a) => `  警告（${a.step}）：${a.message}`,
    ),
    'run.failed': entry<{ step: string; message: string }>(
      (a) => `✗ ${a.step}: ${a.message}`,
      (a) => `✗ ${a.step}：${a.message}`,
    ),
    'run.failed_moved': entry<{ n: number; to: string }>(
      (a) => `    its ${a.n} output file(s) moved to ${a.to}/ (files you write now are yours, never taken for them)`,
      (a) => `    它的 ${a.n} 个产出文件已移到 ${a.to}/（此后你亲手写的文件归你，不会被当作它们）`,
    ),
    'run.invalid': entry<{ step: string; attempt: number }>(
      (a) => `✗ ${a.step}: the outputs of attempt ${a.attempt} do not validate:`,
      (a) => `✗ ${a.step}：第 ${a.attempt} 次尝试的产出未通过校验：`,
    ),
    'run.status': entry<{ what: string; stage: string; clock: string; revision: number | null; spent: string }>(
      (a) =>
        `  ▶ ${a.what} · ${a.stage} · ${a.clock}${a.revision === null ? '' : ` · revision ${a.revision}`} · ${a.spent}`,
      (a) =>
        `  ▶ ${a.what} · ${a.stage} · ${a.clock}` +
        `${a.revision === null ? '' : ` · 第 ${a.revision} 轮修改`} · ${a.spent}`,
    ),
    'run.status.chapter': entry<{ chapter: number; i: number; n: number }>(
      (a) => `chapter ${a.chapter} (${a.i}/${a.n})`,
      (a) => `第${a.chapter}章（${a.i}/${a.n}）`,
    ),
    'run.status.volume': entry<{ volume: number }>(
      (a) => `volume ${a.volume}`,
      (a) => `第${a.volume}卷`,
    ),
    'run.table.head': entry(
      (_) => 'chapter   字数  overall  gate              revisions  time      tokens  cost',
      (_) => '   章节   字数     总分  闸门               修改轮次    用时    tokens  费用',
    ),
    'run.summary': entry<{ committed: number; last: number }>(
      (a) => `${a.committed} chapter(s) committed (last: ${a.last})`,
      (a) => `本次入库 ${a.committed} 章（已写到第${a.last}章）`,
    ),
    'run.target_reached': entry<{ chapter: number }>(
      (a) => `target reached: chapter ${a.chapter} is committed`,
      (a) => `目标达成：第${a.chapter}章已入库`,
    ),
    'run.until': entry<{ step: string }>(
      (a) => `stopped before ${a.step} (--until)`,
      (a) => `按 --until 停在 ${a.step} 之前`,
    ),
    'run.review': entry<{ reason: string; command: string }>(
      (a) => `${a.reason}; decide with \`${a.command}\``,
      (a) => `${a.reason}；请用 \`${a.command}\` 做决定`,
    ),
  }),
  // ---- writes ----
  mutation: () => ({
    'mutation.author_edits': entry<{ list: string }>(
      (a) => `recorded your edits of the plan (logs/author-edits.jsonl): ${a.list}`,
      (a) => `已记录你对规划的修改（logs/author-edits.jsonl）：${a.list}`,
    ),
  }),
  // ---- novel doctor ----
  doctor: () => ({
    'doctor.severity': entry<{ severity: string }>(
      (a) => a.severity,
      (a) => SEVERITY_ZH[a.severity] ?? a.severity,
    ),
    'doctor.fix': entry<{ fix: string }>(
      (a) => `fix: ${a.fix}`,
      (a) => `修复：${a.fix}`,
    ),
    'doctor.healthy': entry<{ root: string }>(
      (a) => `healthy: ${a.root}`,
      (a) => `健康：${a.root}`,
    ),
    'doctor.unhealthy': entry<{ n: number }>(
      (a) => `${a.n} problem(s)`,
      (a) => `发现 ${a.n} 个问题`,
    ),
    'doctor.checkpoint_disagrees': entry<{ cp: number; log: number }>(
      (a) => `last_completed_chapter is ${a.cp}, the changelog's last chapter is ${a.log}`,
      (a) => `检查点记录已完成到第${a.cp}章，变更日志最后一章却是第${a.log}章`,
    ),
    'doctor.no_fingerprint': entry(
      (_) => 'no fingerprint is recorded yet',
      (_) => '尚未记录指纹',
    ),
    'doctor.no_fingerprint.fix': entry(
      (_) => 'the next mutating command records one (e.g. novel state verify --accept)',
      (_) => '下一个写入命令会记录（例如 novel state verify --accept）',
    ),
    'doctor.file_changed': entry<{ file: string }>(
      (a) => `${a.file} changed outside novel`,
      (a) => `${a.file} 在 novel 之外被改动`,
    ),
    'doctor.file_added': entry<{ file: string }>(
      (a) => `${a.file} was added outside novel`,
      (a) => `${a.file} 在 novel 之外被新增`,
    ),
    'doctor.file_removed': entry<{ file: string }>(
      (a) => `${a.file} was removed outside novel`,
      (a) => `${a.file} 在 novel 之外被删除`,
    ),
    'doctor.restore_or_accept': entry<{ file: string; verb: 'restore' | 'delete' }>(
      (a) => `${a.verb} ${a.file}, or novel state verify --accept`,
      (a) => `${a.verb === 'delete' ? '删除' : '恢复'} ${a.file}，或运行 novel state verify --accept 接受改动`,
    ),
    'doctor.state_diverges': entry<{ paths: string; first: string }>(
      (a) => `the state diverges from the changelog at ${a.paths} (first divergent chapter: ${a.first})`,
      (a) => `状态与变更日志不一致：${a.paths}（最早分歧章：${a.first}）`,
    ),
    'doctor.state_diverges.fix': entry(
      (_) => 'novel state rebuild (or novel state verify --accept to keep a hand fix)',
      (_) => '运行 novel state rebuild（若是有意手改，运行 novel state verify --accept 保留）',
    ),
    'doctor.journal_pending': entry(
      (_) => 'a commit was interrupted after its journal',
      (_) => '有一次入库在写完日志后中断',
    ),
    'doctor.rewind_pending': entry<{ chapter: number }>(
      (a) => `a rewind to before chapter ${a.chapter} was interrupted after its journal`,
      (a) => `有一次回退（回到第${a.chapter}章之前）在写完日志后中断`,
    ),
    'doctor.lock_stale': entry<{ reason: string }>(
      (a) => `a stale lock (${a.reason})`,
      (a) => `过期的锁（${a.reason}）`,
    ),
    'doctor.lock_leftover': entry<{ name: string }>(
      (a) => `${a.name} is left over from an interrupted lock operation`,
      (a) => `${a.name} 是中断的加锁操作留下的`,
    ),
    'doctor.lock_leftover.fix': entry(
      (_) => 'novel lock clear (any mutating command removes it)',
      (_) => '运行 novel lock clear（任何写入命令也会清除）',
    ),
    'doctor.execution_interrupted': entry<{ step: string; attempt: number }>(
      (a) => `an execution of ${a.step} (attempt ${a.attempt}) never finished; its outputs are not reused`,
      (a) => `${a.step} 的第 ${a.attempt} 次执行未完成，其产出不会被复用`,
    ),
    'doctor.execution_interrupted.fix': entry(
      (_) => 'novel run (runs the step again)',
      (_) => '运行 novel run（重新执行这一步）',
    ),
    'doctor.staging_overflow': entry<{ count: number; limit: number; biggest: string }>(
      (a) =>
        `staging/ holds ${a.count} entries, above the limit of ${a.limit} (staging_max_files); ` +
        `novel run will not execute a step until it is cleaned. Biggest: ${a.biggest}`,
      (a) =>
        `staging/ 里有 ${a.count} 项，超过上限 ${a.limit}（staging_max_files）；` +
        `清理之前 novel run 不会执行任何步骤。最大的目录：${a.biggest}`,
    ),
    'doctor.staging_orphan': entry<{ file: string; step: string }>(
      (a) => `${a.file} belongs to no step (the book is at ${a.step})`,
      (a) => `${a.file} 不属于任何步骤（当前在 ${a.step}）`,
    ),
    'doctor.outline_missing': entry<{ chapters: string }>(
      (a) => `no outline block yet for chapter(s) ${a.chapters}: the book machine plans them when it reaches them`,
      (a) => `第 ${a.chapters} 章尚无大纲：写到时会自动规划`,
    ),
    'doctor.outline_missing.fix': entry<{ volume: number }>(
      (a) =>
        `nothing to do now; volume ${a.volume} ends at its outline's last block, and novel ` +
        `run plans what comes next when it gets there (or write the blocks yourself)`,
      (a) => `现在无需处理；第${a.volume}卷在其大纲最后一章结束，写到那里时 novel run 会规划后续（也可以自己写大纲）`,
    ),
    'doctor.contract_missing': entry<{ chapters: string }>(
      (a) => `no chapter contract for chapter(s) ${a.chapters}`,
      (a) => `第 ${a.chapters} 章缺少章节契约`,
    ),
    'doctor.contract_missing.fix': entry(
      (_) => 'write them (novel schema contract shows the format)',
      (_) => '补写契约（格式见 novel schema contract）',
    ),
    'doctor.executor_missing': entry<{ bin: string; path: string }>(
      (a) => `${a.bin} is not on PATH (${a.path})`,
      (a) => `PATH 中找不到 ${a.bin}（${a.path}）`,
    ),
    'doctor.executor_missing.fix': entry<{ bin: string }>(
      (a) =>
        a.bin === 'claude'
          ? 'npm install -g @anthropic-ai/claude-code (only to run --executor claude)'
          : 'npm install -g @openai/codex (only to run --executor codex)',
      (a) =>
        a.bin === 'claude'
          ? '仅在使用 --executor claude 时需要：npm install -g @anthropic-ai/claude-code'
          : '仅在使用 --executor codex 时需要：npm install -g @openai/codex',
    ),
    'doctor.sandbox_off.fix': entry(
      (_) => 'set executor.sandbox to "auto" in novel.config.json',
      (_) => '在 novel.config.json 中把 executor.sandbox 设为 "auto"',
    ),
    'doctor.sandbox_unavailable.fix': entry(
      (_) =>
        'install bubblewrap (apt-get install bubblewrap) and allow unprivileged ' +
        'user namespaces (sysctl kernel.unprivileged_userns_clone=1)',
      (_) =>
        '安装 bubblewrap（apt-get install bubblewrap），并允许非特权用户命名空间' +
        '（sysctl kernel.unprivileged_userns_clone=1）',
    ),
  }),
  // ---- errors and their hints ----
  error: () => ({
    'error.prefix': entry<{ command: string }>(
      (a) => `novel ${a.command}: `,
      (a) => `novel ${a.command}：`,
    ),
    'error.hint': entry<{ hint: string }>(
      (a) => `hint: ${a.hint}`,
      (a) => `提示：${a.hint}`,
    ),
    'error.usage': entry<{ detail: string }>(
      (a) => a.detail,
      (a) => `命令用法有误：${a.detail}`,
    ),
    'error.invalid_step.hint': entry(
      (_) => `expected ${STEP_ID_FORMAT}`,
      (_) => `格式：${STEP_ID_FORMAT_ZH}`,
    ),
    'error.executor_missing': entry(
      (_) => 'run: no executor chosen; novel never picks one for you',
      (_) => 'run：没有指定执行器，novel 不会替你选择',
    ),
    'error.executor_missing.hint': entry(
      (_) =>
        'pass --executor claude, codex, demo (offline, fake chapters) or a command template ' +
        'such as "./my-executor.sh {packet}", or set executor.command in novel.config.json',
      (_) =>
        '用 --executor 指定 claude、codex、demo（离线演示）或命令模板（如 ' +
        '"./my-executor.sh {packet}"），或在 novel.config.json 中设置 executor.command',
    ),
    'error.next_hint': entry(
      (_) => 'run `novel next` to see what to do',
      (_) => '运行 `novel next` 查看下一步',
    ),
    'error.until_passed': entry<{ until: string; now: string }>(
      (a) => `--until ${a.until}: the book is already past that step (now at ${a.now})`,
      (a) => `--until ${a.until}：书已经过了这一步（现在在 ${a.now}）`,
    ),
    'error.until_passed.hint': entry(
      (_) => 'name a step still ahead, e.g. the next one: `novel next`',
      (_) => '请指定还没到的步骤，例如 `novel next` 给出的下一步',
    ),
    'error.nothing_to_export.hint': entry(
      (_) => 'novel chapters lists the committed chapters',
      (_) => '用 novel chapters 查看已入库的章节',
    ),
    'error.not_paused.hint': entry(
      (_) => '`novel decide` only resolves a pause; run `novel next` to see what to do',
      (_) => '`novel decide` 只用于处理暂停；运行 `novel next` 查看下一步',
    ),
    'error.input_missing': entry<{ step: string; file: string }>(
      (a) => `${a.step} needs ${a.file} (chapter_draft), which does not exist`,
      (a) => `${a.step} 需要 ${a.file}（章节草稿），但该文件不存在`,
    ),
    'error.input_missing.hint': entry<{ draft: string }>(
      (a) => `run ${a.draft} first (the chapter-writer writes it)`,
      (a) => `请先运行 ${a.draft}（由 chapter-writer 写出）`,
    ),
    // A refusal that lists its diagnostics: the edge lists them again in the reader's language.
    'error.diagnostics': entry<{ summary: string; diagnostics: readonly DiagnosticParts[] }>(
      (a) => [a.summary, ...a.diagnostics.map((d) => `  - ${diagnosticText('en', d)}`)].join('\n'),
      (a) => [a.summary, ...a.diagnostics.map((d) => `  - ${diagnosticText('zh', d)}`)].join('\n'),
    ),
  }),
};

/** The catalogue: its own groups and those of each area file (the commands, the core, the I/O shell, the dashboard). */
const GROUPS = { ...OWN_GROUPS, ...CLI_GROUPS, ...CORE_GROUPS, ...IO_GROUPS, ...WEB_GROUPS };

/**
 * Group names each part of the catalogue defines, for the test that no two parts define one group (a spread would
 * silently keep the last).
 */
export const GROUPS_BY_PART: Record<string, readonly string[]> = {
  own: Object.keys(OWN_GROUPS),
  cli: Object.keys(CLI_GROUPS),
  core: Object.keys(CORE_GROUPS),
  io: Object.keys(IO_GROUPS),
  web: Object.keys(WEB_GROUPS),
};

type Groups = typeof GROUPS;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every message, by key. */
export type Messages = Intersection<{ [G in keyof Groups]: ReturnType<Groups[G]> }[keyof Groups]>;
export type MessageKey = keyof Messages;
type ArgsOf<K extends MessageKey> = Parameters<Messages[K]['en']>[0];
/**
 * A message's arguments as a caller gives them: any text argument may itself be said (rendered in the same language).
 */
type SaidArgs<A> = { [P in keyof A]: A[P] extends string ? A[P] | Said : [string] extends [A[P]] ? A[P] | Said : A[P] };
type ArgsParam<K extends MessageKey> = ArgsOf<K> extends Record<string, never> ? [] : [SaidArgs<ArgsOf<K>>];

const built: Partial<Record<keyof Groups, Record<string, Entry<never>>>> = {};

/** One message in both languages; its group is built at the first message said from it. */
export function messageEntry<K extends MessageKey>(key: K): Messages[K] {
  const group = key.slice(0, key.indexOf('.')) as keyof Groups;
  const build = GROUPS[group] as (() => Record<string, Entry<never>>) | undefined;
  const entries = build === undefined ? {} : (built[group] ??= build());
  return entries[key] as Messages[K];
}

/** The group names, and every key of each (for the tests: each key starts with its group's name). */
export function messageGroups(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(GROUPS).map(([group, build]) => [group, Object.keys(build())]));
}

/**
 * A line said by its message id and arguments: what every error, diagnostic
 * part and gate reason carries, so that the edge renders it in the reader's
 * language (`render`). Its English text is also its JSON.
 */
export function said<K extends MessageKey>(id: K, ...args: ArgsParam<K>): Said {
  return { id, args: (args[0] ?? {}) as Readonly<Record<string, unknown>> };
}

/**
 * Words in one language: a said line through the catalogue (its said arguments too), plain text (a path, a value, a
 * command) as it is.
 */
export function render(lang: Lang, words: Words): string {
  if (typeof words === 'string') return words;
  const e = messageEntry(words.id as MessageKey) as unknown as Entry<unknown> | undefined;
  if (e === undefined) throw new Error(`no message ${words.id} in the catalogue`);
  const args: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(words.args)) args[k] = isSaid(v) ? render(lang, v) : v;
  return e[lang](args);
}

/** The text of one message in one language. */
export function say<K extends MessageKey>(lang: Lang, key: K, ...args: ArgsParam<K>): string {
  return render(lang, said(key, ...args));
}

/** The message catalogue bound to a language. */
export function sayer(lang: Lang): <K extends MessageKey>(key: K, ...args: ArgsParam<K>) => string {
  return (key, ...args) => say(lang, key, ...args);
}

/** What a diagnostic line is made of (src/schemas/diagnostics.ts builds them). */
interface DiagnosticParts {
  file?: string;
  field?: string;
  expected?: string;
  found?: string;
  fix?: string;
  message: string;
  words?: Partial<Record<'message' | 'expected' | 'found' | 'fix' | 'field', Said>>;
}

/** One diagnostic as a line for a person: the English message, or its parts said in Chinese. */
export function diagnosticText(lang: Lang, d: DiagnosticParts): string {
  if (lang === 'en') return `${d.message}${d.fix ? ` (fix: ${d.fix})` : ''}`;
  // A part said by id is rendered; a part that is data (a shape, a value, a path) is shown as it is.
  const part = (name: 'message' | 'expected' | 'found' | 'fix', en: string): string => {
    const w = d.words?.[name];
    return w ? render(lang, w) : en;
  };
  const own = d.message.startsWith(`${d.file ?? ''}: `) ? d.message.slice((d.file ?? '').length + 2) : d.message;
  const parts =
    d.expected !== undefined || d.found !== undefined
      ? `${d.expected !== undefined ? `应为 ${part('expected', d.expected)}` : ''}` +
        `${d.expected !== undefined && d.found !== undefined ? '，' : ''}` +
        `${d.found !== undefined ? `实为 ${part('found', d.found)}` : ''}`
      : part('message', own);
  const field = d.words?.field ? render(lang, d.words.field) : d.field;
  return `${d.file ?? ''}${field ? `：字段 ${field}` : ''}：${parts}${d.fix ? `（修复：${part('fix', d.fix)}）` : ''}`;
}

/**
 * The catalogue's messages of the core area (src/core/, src/schemas/,
 * machines/), by group: each key starts with its group's name. Pure.
 */
import { entry, items, listEn, listZh } from './entry.js';
import { stageZh } from '../step-table.js';

export const CORE_GROUPS = {
  // ---- the executors' box refused (src/core/sandbox.ts) ----
  boxplan: () => ({
    'boxplan.required': entry<{ detail: string }>(
      (a) => `executor.sandbox is "required" but the box cannot be had: ${a.detail}`,
      (a) => `executor.sandbox 设为 "required"，但这里无法建立沙箱：${a.detail}`,
    ),
  }),
  // ---- why `novel run` stops (src/core/run-policy.ts) ----
  runstop: () => ({
    'runstop.paused': entry<{ step: string; stage: string }>(
      (a) => `paused after ${a.step} (--pause-after ${a.stage}); \`novel run\` continues`,
      (a) => `按 --pause-after ${a.stage} 在 ${a.step} 之后暂停；\`novel run\` 会继续`,
    ),
    'runstop.paused_plan': entry<{ step: string; dir: string; volume: number }>(
      (a) =>
        `paused after ${a.step} (--pause-after plan): review ${a.dir}/, then ` +
        `\`novel run\` commits it (or \`novel commit --volume ${a.volume}\`)`,
      (a) =>
        `按 --pause-after plan 在 ${a.step} 之后暂停：检查 ${a.dir}/ 后，\`novel ` +
        `run\` 会把它入库（或用 \`novel commit --volume ${a.volume}\`）`,
    ),
    'runstop.budget': entry<{ cost: string; tokens: number }>(
      (a) =>
        `budget reached: ${a.cost} and ${a.tokens} tokens reported ` +
        `so far; \`novel run\` continues with a larger budget`,
      (a) => `预算已用完：目前共报告 ${a.cost}、${a.tokens} tokens；加大预算后 \`novel run\` 会继续`,
    ),
    'runstop.given_up': entry<{ step: string; failures: number }>(
      (a) =>
        `${a.step}: the executor failed ${a.failures} time(s); orchestrator_state ` +
        `is ERROR_RETRY. Fix the cause, then \`novel run\` again`,
      (a) =>
        `${a.step}：执行器失败了 ${a.failures} 次；orchestrator_state 为 ERROR_RETRY。排除原因后再运行 \`novel run\``,
    ),
    'runstop.budget_unenforceable': entry<{ executor: string }>(
      (a) => `--budget-usd: the ${a.executor} executor reports no cost, so a dollar budget could never stop the run`,
      (a) => `--budget-usd：${a.executor} 执行器不报告费用，按美元的预算永远不会让运行停下`,
    ),
  }),
  // ---- advance and decide refused (src/core/transitions.ts) ----
  transition: () => ({
    'transition.commit_pending': entry<{ journal: string }>(
      (a) => `an unfinished commit journal ${a.journal} is pending`,
      (a) => `有未完成的入库日志 ${a.journal}`,
    ),
    'transition.commit_pending.hint': entry(
      (_) => 'finish it first: run the commit again (`novel next` names it); it rolls forward to the committed state',
      (_) => '先完成它：再运行一次入库（`novel next` 会给出命令），它会补完到已入库状态',
    ),
    'transition.plan_first': entry<{ requested: string; volume: number; step: string }>(
      (a) => `${a.requested}: volume ${a.volume} is to be planned first; the next step is ${a.step}`,
      (a) => `${a.requested}：须先规划第${a.volume}卷；下一步是 ${a.step}`,
    ),
    'transition.plan_first.hint': entry<{ step: string; volume: number }>(
      (a) => `plan the volume first: \`novel instructions ${a.step}\`, then \`novel commit --volume ${a.volume}\``,
      (a) => `先规划这一卷：\`novel instructions ${a.step}\`，然后 \`novel commit --volume ${a.volume}\``,
    ),
    'transition.book_complete': entry<{ requested: string; step: string }>(
      (a) => `${a.requested}: the planned book is complete; the next step is ${a.step}`,
      (a) => `${a.requested}：全书按计划已完结；下一步是 ${a.step}`,
    ),
    'transition.book_complete.hint': entry<{ now: number | null }>(
      (a) => `raise book_chapters in novel.config.json (now ${a.now}) to write on`,
      (a) => `调高 novel.config.json 中的 book_chapters（现为 ${a.now}）才能继续写`,
    ),
    'transition.volume_step': entry<{ requested: string; volume: number }>(
      (a) =>
        `${a.requested}: volume steps are not advanced; the volume plan is ` +
        `moved into the book by \`novel commit --volume ${a.volume}\``,
      (a) => `${a.requested}：卷的步骤不用 advance 登记；卷规划用 \`novel commit --volume ${a.volume}\` 入库`,
    ),
    'transition.volume_step.hint': entry(
      (_) => 'run `novel next` to see the pipeline step to advance',
      (_) => '运行 `novel next` 查看要登记的步骤',
    ),
    'transition.setup_step': entry<{ requested: string }>(
      (a) =>
        `${a.requested}: setup steps are not advanced; their files are moved into the book by \`novel commit --setup\``,
      (a) => `${a.requested}：设定步骤不用 advance 登记；它们的文件用 \`novel commit --setup\` 移入作品`,
    ),
    'transition.setup_step.hint': entry(
      (_) => 'run `novel next` to see the step to take',
      (_) => '运行 `novel next` 查看下一步',
    ),
    'transition.not_advanceable': entry<{ requested: string; stage: string; how: string }>(
      (a) => `${a.requested}: a ${a.stage} step is not advanced; use \`${a.how}\``,
      (a) => `${a.requested}：${stageZh(a.stage)}这一步不用 advance 登记，请用 \`${a.how}\``,
    ),
    'transition.next_step': entry<{ step: string; action: string }>(
      (a) => `the next step is ${a.step} (${a.action})`,
      (a) => `下一步是 ${a.step}（${a.action}）`,
    ),
    'transition.out_of_order': entry<{ requested: string; step: string; action: string }>(
      (a) => `${a.requested}: out of order; the pipeline expects ${a.step} (${a.action}) now`,
      (a) => `${a.requested}：顺序不对，流水线现在在等待 ${a.step}（${a.action}）`,
    ),
    'transition.out_of_order.hint': entry<{ order: string }>(
      (a) =>
        `order per chapter: ${a.order}; a ` +
        'revision loops back to draft, a polish to refine. Run `novel next` to see why',
      (a) => `每章的顺序：${a.order}；修改回到 draft，打磨回到 refine。运行 \`novel next\` 查看原因`,
    ),
    'transition.invalid': entry<{ requested: string }>(
      (a) => `${a.requested}: the staged outputs do not validate`,
      (a) => `${a.requested} 的暂存产出未通过校验`,
    ),
    'transition.invalid.hint': entry<{ requested: string }>(
      (a) => `fix the files above, then run \`novel advance ${a.requested}\` again`,
      (a) => `修正上面列出的文件后，重新运行 \`novel advance ${a.requested}\``,
    ),
    'transition.not_new': entry<{ requested: string; files: readonly string[] }>(
      (a) =>
        `${a.requested}: the staged outputs are byte-identical to ` +
        `those recorded at the last advance (${listEn(a.files)})`,
      (a) => `${a.requested}：暂存产出与上次登记时完全相同（${items(a.files).join('，')}）`,
    ),
    'transition.not_new.refine': entry<{ log: string }>(
      (a) =>
        `run the style-refiner first; a refine that rightly changes nothing in the chapter ` +
        `counts once it writes a fresh change log (${a.log}, e.g. {"changes": []})`,
      (a) =>
        `先运行润色（style-refiner）；若章节确实无需改动，写一份新的修改记录（${a.log}，例如 {"changes": []}）即可登记`,
    ),
    'transition.not_new.hint': entry<{ stage: string }>(
      (a) => `run the ${a.stage} step first; it must write new output before it can be advanced`,
      (a) => `先运行 ${a.stage} 这一步，写出新的产出后才能登记`,
    ),
    'transition.internal': entry<{ requested: string; event: string; state: string }>(
      (a) => `${a.requested}: the book machine does not accept ${a.event} in state ${a.state}`,
      (a) => `${a.requested}：状态机在 ${a.state} 状态下不接受 ${a.event}`,
    ),
    'transition.not_paused': entry<{ ref: string; chapter: number; step: string; action: string }>(
      (a) =>
        `decide ${a.ref}: chapter ${a.chapter} is not paused at review; the pipeline expects ${a.step} (${a.action})`,
      (a) => `decide ${a.ref}：第${a.chapter}章当前不在等待作者决定；流水线在等待 ${a.step}（${a.action}）`,
    ),
  }),
  // ---- instruction packets refused (src/core/packet.ts) ----
  packet: () => ({
    'packet.not_instructable': entry<{ step: string; expected: string; action: string }>(
      (a) => `${a.step}: no packet; the pipeline expects ${a.expected} (${a.action})`,
      (a) => `${a.step}：现在不能为这一步生成指令包；流水线在等待 ${a.expected}（${a.action}）`,
    ),
    'packet.not_instructable.hint': entry<{ command: string }>(
      (a) => `run \`novel next\`; ${a.command}`,
      (a) => `运行 \`novel next\`；${a.command}`,
    ),
    'packet.no_volume_planned': entry<{ step: string }>(
      (a) => `${a.step}: no packet; no volume is being planned`,
      (a) => `${a.step}：没有指令包；当前没有在规划的卷`,
    ),
    'packet.other_volume_planned': entry<{ step: string; volume: number; plan: string }>(
      (a) => `${a.step}: no packet; volume ${a.volume} is being planned (${a.plan})`,
      (a) => `${a.step}：没有指令包；第${a.volume}卷正在规划（${a.plan}）`,
    ),
    'packet.pipeline_expects': entry<{ step: string }>(
      (a) => `the pipeline expects ${a.step}`,
      (a) => `流水线在等待 ${a.step}`,
    ),
    'packet.not_current_chapter': entry<{ step: string; current: number; chapter: number }>(
      (a) =>
        `${a.step}: packets are built for the next or inflight chapter (${a.current}); chapter ${a.chapter} is neither`,
      (a) => `${a.step}：只为下一章或正在写的章（第${a.current}章）生成指令包，第${a.chapter}章两者都不是`,
    ),
    'packet.outline_block_missing': entry<{
      file: string;
      missing: boolean;
      chapter: number;
      step: string;
      nearLine: number | null;
      nearText: string | null;
    }>(
      (a) =>
        `${a.file}: ${a.missing ? 'file not found' : `no block for chapter ${a.chapter}`}; ${a.step} needs the ` +
        `chapter's outline block, a heading like "### 第 ${a.chapter} 章: 章名" followed by its key ` +
        `lines${a.nearLine !== null ? `; line ${a.nearLine} is close but is not a heading: ${a.nearText}` : ''}`,
      (a) =>
        `${a.file}：${a.missing ? '文件不存在' : `没有第${a.chapter}章的大纲段落`}；${a.step} ` +
        `需要本章的大纲段落：一行形如 "### 第 ${a.chapter} 章: 章名" 的标题，` +
        `后接各要素行${a.nearLine !== null ? `；第 ${a.nearLine} 行很接近，但不是标题：${a.nearText}` : ''}`,
    ),
    'packet.outline_heading.hint': entry<{ line: number; file: string; chapter: number }>(
      (a) => `make line ${a.line} of ${a.file} a heading: "### 第 ${a.chapter} 章: 章名" (three #, a space, 第 N 章)`,
      (a) => `把 ${a.file} 的第 ${a.line} 行改成标题："### 第 ${a.chapter} 章: 章名"（三个 #、一个空格、第 N 章）`,
    ),
    'packet.ledger': entry(
      (_) => 'the chapter memory ledger (a JSON array)',
      (_) => '章节记忆账本（JSON 数组）',
    ),
    'packet.unreadable_file': entry(
      (_) => 'an unreadable file',
      (_) => '无法读取的文件',
    ),
    'packet.ledger.fix': entry(
      (_) => 'recent_memory is [] until the ledger exists',
      (_) => '账本建立之前，recent_memory 为 []',
    ),
    'packet.plan_first.hint': entry<{ volume: string }>(
      (a) => `plan the volume first (\`novel next\` → volume:${a.volume}:plan)`,
      (a) => `先规划这一卷（\`novel next\` → volume:${a.volume}:plan）`,
    ),
  }),
  // ---- a chapter commit refused (src/core/commit-plan.ts) ----
  commit: () => ({
    'commit.inputs_invalid': entry<{ chapter: number }>(
      (a) => `chapter ${a.chapter}: the staged outputs cannot be committed`,
      (a) => `第${a.chapter}章的暂存产出无法入库`,
    ),
    'commit.inputs_invalid.hint': entry(
      (_) => 'restore or regenerate the files above; `novel next` says which step to run',
      (_) => '恢复或重新生成上面列出的文件；`novel next` 会说明该运行哪一步',
    ),
    'commit.import_invalid': entry<{ chapter: number }>(
      (a) => `imported chapter ${a.chapter}: the staged summary cannot be committed`,
      (a) => `导入的第${a.chapter}章：暂存的摘要无法入库`,
    ),
    'commit.import_invalid.hint': entry<{ step: string }>(
      (a) => `run the summarizer again (\`novel instructions ${a.step}\`)`,
      (a) => `重新运行 summarizer（\`novel instructions ${a.step}\`）`,
    ),
    'commit.state_version': entry<{ file: string; expected: number; found: string }>(
      (a) =>
        `${a.file}: field "base_state_version": expected ${a.expected} ` +
        `(state/current-state.json state_version), found ${a.found}`,
      (a) =>
        `${a.file}：字段 base_state_version 应为 ${a.expected}（state/current-state.json ` +
        `的 state_version），实为 ${a.found}`,
    ),
    'commit.state_version.hint': entry(
      (_) =>
        'the delta was computed against another state: re-run the summarizer ' +
        'for this chapter (novel decide … rewrite, or regenerate the delta)',
      (_) => 'delta 是按另一个状态算出的：请重新运行本章的 summarizer（novel decide … rewrite，或重新生成 delta）',
    ),
    'commit.import_state_version.hint': entry(
      (_) => 'the delta was computed against another state: run the summarizer on this chapter again',
      (_) => 'delta 是按另一个状态算出的：请对本章重新运行 summarizer',
    ),
  }),
  // ---- a rewind refused (src/core/rewind.ts) ----
  rewindplan: () => ({
    'rewindplan.history_mismatch': entry<{ to: string; file: string; chapter: number; history: string }>(
      (a) =>
        `rewind --to ${a.to}: ${a.file} is not the text chapter ${a.chapter}'s ` +
        `commit left (${a.history} keeps only what it changed)`,
      (a) =>
        `rewind --to ${a.to}：${a.file} 已不是第${a.chapter}章提交后的内容（${a.history} 只记下了那次提交改动的部分）`,
    ),
    'rewindplan.history_mismatch.hint': entry<{ chapter: number }>(
      (a) =>
        `it was changed outside novel since; put back the text of chapter ${a.chapter}'s ` +
        `commit (git, backup), or rewind to a chapter after ${a.chapter}`,
      (a) =>
        `它在 novel 之外被改过；请先恢复第${a.chapter}章提交后的内容（git、备份），或回退到第${a.chapter}章之后的章节`,
    ),
  }),
  // ---- why a state op is dropped (src/core/state-ops.ts; the changelog keeps the English) ----
  stateop: () => ({
    'stateop.not_object': entry(
      (_) => 'op is not an object',
      (_) => '操作不是对象',
    ),
    'stateop.path_not_string': entry(
      (_) => 'path is not a string',
      (_) => 'path 不是字符串',
    ),
    'stateop.path_segments': entry<{ n: number }>(
      (a) => `path must have 2–4 dot-separated segments, found ${a.n}`,
      (a) => `path 须由 2–4 段以点分隔的部分组成，实为 ${a.n} 段`,
    ),
    'stateop.segment_forbidden': entry<{ segment: string }>(
      (a) => `path segment "${a.segment}" is forbidden`,
      (a) => `path 中的段 "${a.segment}" 不允许使用`,
    ),
    'stateop.segment_not_slug': entry<{ segment: string }>(
      (a) => `path segment "${a.segment}" is not a slug`,
      (a) => `path 中的段 "${a.segment}" 不是英文短标识`,
    ),
    'stateop.top_level': entry<{ segment: string; allowed: readonly string[] }>(
      (a) => `top level "${a.segment}" is not one of ${listEn(a.allowed)}`,
      (a) => `顶层 "${a.segment}" 不是 ${listZh(a.allowed)} 之一`,
    ),
    'stateop.collision_object': entry<{ segment: string; array: boolean; type: string }>(
      (a) => `type collision: "${a.segment}" holds ${a.array ? 'an array' : a.type}, not an object`,
      (a) => `类型冲突："${a.segment}" 是${a.array ? '数组' : ` ${a.type}`}，不是对象`,
    ),
    'stateop.foreshadow_path': entry(
      (_) => 'foreshadow path must be a foreshadowing id (slug)',
      (_) => 'foreshadow 的 path 须是伏笔 id（英文短标识）',
    ),
    'stateop.foreshadow_value': entry<{ allowed: readonly string[] }>(
      (a) => `foreshadow value must be one of ${listEn(a.allowed)}`,
      (a) => `foreshadow 的 value 须是 ${listZh(a.allowed)} 之一`,
    ),
    'stateop.active_not_array': entry(
      (_) => 'type collision: active_foreshadowing is not an array',
      (_) => '类型冲突：active_foreshadowing 不是数组',
    ),
    'stateop.unknown_op': entry<{ op: string }>(
      (a) => `unknown op ${a.op} (expected set, inc, add, remove or foreshadow)`,
      (a) => `未知的操作 ${a.op}（应为 set、inc、add、remove 或 foreshadow）`,
    ),
    'stateop.no_value': entry(
      (_) => 'op has no value',
      (_) => '操作没有 value',
    ),
    'stateop.inc_not_number': entry(
      (_) => 'inc value is not a number',
      (_) => 'inc 的 value 不是数字',
    ),
    'stateop.collision_number': entry<{ path: string; type: string }>(
      (a) => `type collision: ${a.path} holds ${a.type}, not a number`,
      (a) => `类型冲突：${a.path} 是 ${a.type}，不是数字`,
    ),
    'stateop.collision_array': entry<{ path: string }>(
      (a) => `type collision: ${a.path} is not an array`,
      (a) => `类型冲突：${a.path} 不是数组`,
    ),
  }),
  // ---- what a title-fix or a hook-fix may change (src/core/fix-guard.ts) ----
  fixguard: () => ({
    'fixguard.title_only': entry(
      (_) => 'only the "# " title line changed; every byte after it as before the title-fix',
      (_) => '只改 "# " 标题行，之后的每个字节都与改标题前相同',
    ),
    'fixguard.body_changed': entry<{ copy: string }>(
      (a) => `the body changed (compare with ${a.copy})`,
      (a) => `正文被改动了（对照 ${a.copy}）`,
    ),
    'fixguard.title_only.fix': entry<{ copy: string; command: string }>(
      (a) => `start again from ${a.copy} and change its first line only: ${a.command}`,
      (a) => `从 ${a.copy} 重新开始，只改第一行：${a.command}`,
    ),
    'fixguard.ending_only': entry(
      (_) =>
        'only the last two paragraphs rewritten; every byte before them (the ' +
        'title included) as before the hook-fix, and a new ending after them',
      (_) => '只重写最后两段；之前的每个字节（含标题）与改钩子前相同，并写出新的结尾',
    ),
    'fixguard.no_ending': entry(
      (_) => 'no ending after the kept text',
      (_) => '保留的正文之后没有新结尾',
    ),
    'fixguard.text_changed': entry<{ copy: string }>(
      (a) => `text before the last two paragraphs changed (compare with ${a.copy})`,
      (a) => `最后两段之前的文字被改动了（对照 ${a.copy}）`,
    ),
    'fixguard.ending_only.fix': entry<{ copy: string }>(
      (a) => `start again from ${a.copy} and rewrite only its last two paragraphs`,
      (a) => `从 ${a.copy} 重新开始，只重写最后两段`,
    ),
  }),
  // ---- a staged volume plan checked (src/core/volume-plan.ts) ----
  plan: () => ({
    'plan.outline': entry(
      (_) => 'the volume outline',
      (_) => '卷大纲',
    ),
    'plan.run_architect': entry(
      (_) => 'run the plot-architect (volume plan step)',
      (_) => '运行 plot-architect（卷规划这一步）',
    ),
    'plan.storyline_name': entry(
      (_) => "the storyline's id, not its name",
      (_) => '故事线的 id，而不是它的名字',
    ),
    'plan.storyline_name.fix': entry<{ id: string; name: string; file: string }>(
      (a) => `write "${a.id}" (the id of ${a.name} in ${a.file})`,
      (a) => `写 "${a.id}"（${a.file} 中 ${a.name} 的 id）`,
    ),
    'plan.storyline_slug': entry(
      (_) => 'a storyline id (a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$)',
      (_) => '故事线 id（符合 ^[a-z0-9][a-z0-9_-]{0,63}$ 的英文短标识）',
    ),
    'plan.storyline_ids.fix': entry<{ file: string; ids: readonly string[] }>(
      (a) => `use one of the ids of ${a.file}: ${listEn(a.ids)}`,
      (a) => `使用 ${a.file} 中的 id 之一：${listZh(a.ids)}`,
    ),
    'plan.storyline_slug.fix': entry<{ file: string }>(
      (a) => `give the storyline a slug id in ${a.file} and use it here`,
      (a) => `在 ${a.file} 中给这条故事线一个英文短标识 id，并在此处使用`,
    ),
    'plan.storyline_known': entry<{ file: string; ids: readonly string[] | null }>(
      (a) => `an id of ${a.file}${a.ids ? ` (${listEn(a.ids)})` : ''}`,
      (a) => `${a.file} 中的 id${a.ids ? `（${listZh(a.ids)}）` : ''}`,
    ),
    'plan.storyline_known.fix': entry<{ value: string; file: string }>(
      (a) => `use a known id, or add {"id": "${a.value}", "name": "…"} to ${a.file}`,
      (a) => `使用已有的 id，或在 ${a.file} 中添加 {"id": "${a.value}", "name": "…"}`,
    ),
    'plan.gap': entry<{ first: number; last: number }>(
      (a) => `the gap in the volume's outline: chapters ${a.first}–${a.last}`,
      (a) => `本卷大纲中的空缺：第${a.first}–${a.last}章`,
    ),
    'plan.gap.fix': entry<{ first: number; last: number }>(
      (a) => `outline exactly chapters ${a.first}–${a.last}`,
      (a) => `大纲恰好写第${a.first}–${a.last}章`,
    ),
    'plan.length': entry<{ min: number; max: number; first: number }>(
      (a) => `${a.min}–${a.max} chapters from chapter ${a.first} (volume_chapters in novel.config.json)`,
      (a) => `从第${a.first}章起 ${a.min}–${a.max} 章（novel.config.json 的 volume_chapters）`,
    ),
    'plan.length.fix': entry<{ min: number; max: number }>(
      (a) => `plan between ${a.min} and ${a.max} chapters, or change volume_chapters in novel.config.json`,
      (a) => `规划 ${a.min} 到 ${a.max} 章，或修改 novel.config.json 中的 volume_chapters`,
    ),
    'plan.length_found': entry<{ n: number; first: number; last: number }>(
      (a) => `${a.n} chapter(s), ${a.first}–${a.last}`,
      (a) => `${a.n} 章，第${a.first}–${a.last}章`,
    ),
    'plan.block_at': entry<{ heading: string; line: number }>(
      (a) => `${a.heading} (line ${a.line})`,
      (a) => `${a.heading}（第 ${a.line} 行）`,
    ),
    'plan.key_lines': entry<{ keys: readonly string[] }>(
      (a) => `all 8 key lines (${listEn(a.keys)}, or their Chinese names)`,
      (a) => `全部 8 个要素行（${listZh(a.keys)}，或对应的中文名）`,
    ),
    'plan.key_lines_missing': entry<{ keys: readonly string[] }>(
      (a) => `missing ${listEn(a.keys)}`,
      (a) => `缺少 ${listZh(a.keys)}`,
    ),
    'plan.key_lines.fix': entry(
      (_) => 'add the lines as "- **Key**: value"',
      (_) => '按 "- **要素**: 内容" 的格式补上这些行',
    ),
    'plan.storyline_lines': entry<{ lines: readonly number[] }>(
      (a) => `Storyline (line${items(a.lines).length > 1 ? 's' : ''} ${listEn(a.lines)})`,
      (a) => `故事线（第 ${listZh(a.lines)} 行）`,
    ),
    'plan.blocks': entry<{ first: number; last: number }>(
      (a) => `a block "### 第 C 章: 章名" for every chapter ${a.first}–${a.last}`,
      (a) => `第${a.first}–${a.last}章每章都有一段 "### 第 C 章: 章名"`,
    ),
    'plan.blocks_missing': entry<{ chapters: readonly number[] }>(
      (a) => `no block for chapter(s) ${listEn(a.chapters)}`,
      (a) => `第 ${listZh(a.chapters)} 章没有大纲段落`,
    ),
    'plan.block_storyline': entry<{ id: string }>(
      (a) => `${a.id} (the outline block's Storyline)`,
      (a) => `${a.id}（大纲中本章的故事线）`,
    ),
    'plan.block_storyline.fix': entry(
      (_) => 'make the contract and the outline block name the same storyline id',
      (_) => '让契约和大纲写同一个故事线 id',
    ),
    'plan.required_objective': entry(
      (_) => 'at least one objective with required: true',
      (_) => '至少一个 required: true 的目标',
    ),
    'plan.contract_value': entry<{ value: string; more: readonly string[] }>(
      (a) =>
        `${a.value}${
          items(a.more).length ? ` (the same in ${items(a.more).length} more contract(s): ${listEn(a.more)})` : ''
        }`,
      (a) =>
        `${a.value}${items(a.more).length ? `（另有 ${items(a.more).length} 份契约相同：${listZh(a.more)}）` : ''}`,
    ),
  }),
  // ---- a setup step's staged files checked (src/core/setup.ts) ----
  setup: () => ({
    'setup.run_agent': entry<{ agent: string; file: string }>(
      (a) => `run the ${a.agent} so that it writes ${a.file}`,
      (a) => `运行 ${a.agent}，让它写出 ${a.file}`,
    ),
    'setup.run_again': entry<{ agent: string }>(
      (a) => `run the ${a.agent} again`,
      (a) => `重新运行 ${a.agent}`,
    ),
    'setup.text': entry(
      (_) => 'text',
      (_) => '文本',
    ),
    'setup.empty_list': entry(
      (_) => 'an empty list',
      (_) => '空列表',
    ),
    'setup.rules': entry(
      (_) => 'at least one rule of the world',
      (_) => '至少一条世界规则',
    ),
    'setup.rules.fix': entry(
      (_) => 'write the rules the story keeps (id, category, rule, constraint_type)',
      (_) => '写出故事遵守的规则（id、category、rule、constraint_type）',
    ),
    'setup.storylines': entry(
      (_) => 'at least one storyline (the main one)',
      (_) => '至少一条故事线（主线）',
    ),
    'setup.storylines.fix': entry(
      (_) => 'add the main storyline: {"id": "main", "name": "主线", "type": "main"}',
      (_) => '加上主线：{"id": "main", "name": "主线", "type": "main"}',
    ),
    'setup.cast': entry(
      (_) => 'one {slug}.json (and {slug}.md) per character',
      (_) => '每个人物一个 {slug}.json（及 {slug}.md）',
    ),
    'setup.no_cast': entry(
      (_) => 'no character file',
      (_) => '没有人物文件',
    ),
    'setup.cast.fix': entry<{ agent: string }>(
      (a) => `run the ${a.agent} so that it writes the cast under staging/characters/active/`,
      (a) => `运行 ${a.agent}，让它把人物写到 staging/characters/active/ 下`,
    ),
    'setup.character_slug': entry(
      (_) => 'a lowercase slug as the file name, e.g. lin-qingyan.json',
      (_) => '以小写英文短标识作文件名，例如 lin-qingyan.json',
    ),
    'setup.character_slug.fix': entry(
      (_) => 'name the file after the character id (a-z, 0-9, -)',
      (_) => '用人物 id 命名文件（a-z、0-9、-）',
    ),
    'setup.measured': entry<{ measured: number; tolerance: number }>(
      (a) => `${a.measured} (novel's measure of samples/, ±${a.tolerance} %)`,
      (a) => `${a.measured}（novel 对 samples/ 的测量值，±${a.tolerance} %）`,
    ),
    'setup.no_value': entry(
      (_) => 'no value',
      (_) => '没有值',
    ),
    'setup.measured.fix': entry<{ field: string }>(
      (a) => `copy ${a.field} from the packet's inline.sample_metrics`,
      (a) => `从指令包的 inline.sample_metrics 复制 ${a.field}`,
    ),
  }),
  // ---- the cast as the packets see it (src/core/context/entities.ts, characters.ts) ----
  cast: () => ({
    'cast.object': entry(
      (_) => 'a JSON object {display_name, contracts, …}',
      (_) => 'JSON 对象 {display_name, contracts, …}',
    ),
    'cast.not_json': entry(
      (_) => 'a file that cannot be read as JSON',
      (_) => '无法按 JSON 读取的文件',
    ),
    'cast.not_json.fix': entry(
      (_) => 'fix the JSON; the character is left out until then',
      (_) => '修正 JSON；在此之前该人物不进入指令包',
    ),
    'cast.slug_id': entry(
      (_) => 'a slug id (^[a-z0-9][a-z0-9_-]{0,63}$) in the file, or a file named by its slug',
      (_) => '文件中的英文短标识 id（^[a-z0-9][a-z0-9_-]{0,63}$），或以它命名的文件',
    ),
    'cast.no_id': entry<{ name: string }>(
      (a) => `no "id", and the file name ${a.name} is not a slug`,
      (a) => `没有 "id"，文件名 ${a.name} 也不是英文短标识`,
    ),
    'cast.no_id.fix': entry(
      (_) => 'add "id": "<slug>" (e.g. "su-qingyi") to the file; the character is left out until then',
      (_) => '在文件中加上 "id": "短标识"（例如 "su-qingyi"）；在此之前该人物不进入指令包',
    ),
    'cast.display_name': entry(
      (_) => 'a non-empty string',
      (_) => '非空字符串',
    ),
    'cast.nothing': entry(
      (_) => 'nothing',
      (_) => '无',
    ),
    'cast.display_name.fix': entry(
      (_) => 'add "display_name"; the character is left out until then',
      (_) => '加上 "display_name"；在此之前该人物不进入指令包',
    ),
    'cast.one_file': entry(
      (_) => 'one file per character id',
      (_) => '每个人物 id 一个文件',
    ),
    'cast.duplicate': entry<{ id: string; file: string }>(
      (a) => `${a.id}, also the id of ${a.file}`,
      (a) => `${a.id}，与 ${a.file} 的 id 重复`,
    ),
    'cast.duplicate.fix': entry(
      (_) => 'give each character its own id; this file is left out',
      (_) => '每个人物用各自的 id；此文件暂不使用',
    ),
    'cast.packet_id': entry(
      (_) => 'the id the packets use for this character',
      (_) => '指令包中该人物使用的 id',
    ),
    'cast.packet_id.fix': entry<{ file: string; id: string }>(
      (a) => `nothing to do: ${a.file} is known as ${a.id} in every packet`,
      (a) => `无需处理：${a.file} 在所有指令包中记为 ${a.id}`,
    ),
    'cast.known_name': entry(
      (_) => 'the display_name of a character in characters/active/',
      (_) => 'characters/active/ 中某个人物的 display_name',
    ),
    'cast.known_name.fix': entry(
      (_) => 'add the character file or correct the name',
      (_) => '补上人物文件，或改正名字',
    ),
  }),
  // ---- novel.config.json beyond its schema (src/core/settings.ts) ----
  settings: () => ({
    'settings.keys.fix': entry(
      (_) => 'see docs/configuration.md for the keys of novel.config.json',
      (_) => 'novel.config.json 的各项见 docs/configuration.md（或 novel schema config）',
    ),
    'settings.threshold': entry<{ above: string; value: number }>(
      (a) => `a threshold ≤ gate.${a.above} (${a.value})`,
      (a) => `不高于 gate.${a.above}（${a.value}）的阈值`,
    ),
    'settings.threshold.fix': entry(
      (_) => 'thresholds must descend: pass ≥ polish ≥ revise ≥ pause',
      (_) => '阈值须递减：pass ≥ polish ≥ revise ≥ pause',
    ),
    'settings.volume_min': entry<{ max: number }>(
      (a) => `at most volume_chapters.max (${a.max})`,
      (a) => `不超过 volume_chapters.max（${a.max}）`,
    ),
    'settings.volume_min.fix': entry(
      (_) => 'a volume plan covers volume_chapters.min..max chapters: make min ≤ max',
      (_) => '一卷的规划覆盖 volume_chapters.min..max 章：须 min ≤ max',
    ),
  }),
  // ---- a checkpoint rebuilt from the book (src/core/checkpoint-rebuild.ts) ----
  rebuild: () => ({
    'rebuild.every_chapter': entry<{ last: number }>(
      (a) => `a chapter file for every chapter the changelog records (1–${a.last})`,
      (a) => `变更日志记录的每一章都有章节文件（1–${a.last}）`,
    ),
    'rebuild.no_file': entry<{ chapters: readonly number[] }>(
      (a) => `no file for chapter(s) ${listEn(a.chapters)}`,
      (a) => `第 ${listZh(a.chapters)} 章没有文件`,
    ),
    'rebuild.no_file.fix': entry(
      (_) => 'restore them from a backup; `novel state verify` lists what the fingerprint expects',
      (_) => '从备份恢复它们；`novel state verify` 会列出指纹记录的文件',
    ),
    'rebuild.up_to': entry<{ last: number }>(
      (a) => `chapters up to ${a.last} (the changelog's last line)`,
      (a) => `到第${a.last}章为止的章节（变更日志的最后一行）`,
    ),
    'rebuild.beyond': entry<{ chapters: readonly number[] }>(
      (a) => `chapter file(s) ${listEn(a.chapters)} with no changelog line`,
      (a) => `第 ${listZh(a.chapters)} 章有文件，但变更日志中没有记录`,
    ),
    'rebuild.beyond.fix': entry(
      (_) =>
        'a commit of those chapters did not finish; move the files aside and write them again through the pipeline',
      (_) => '这些章节的入库没有完成；把文件移开，再通过流水线重新写',
    ),
  }),
  // ---- what the schemas say (src/schemas/): their own messages, given to valibot as these ids, and the parts parse.ts
  // says ----
  schema: () => ({
    'schema.slug': entry(
      (_) => 'a slug matching ^[a-z0-9][a-z0-9_-]{0,63}$',
      (_) => '符合 ^[a-z0-9][a-z0-9_-]{0,63}$ 的英文短标识',
    ),
    'schema.date': entry(
      (_) => 'a date YYYY-MM-DD',
      (_) => '日期 YYYY-MM-DD',
    ),
    'schema.sha256': entry(
      (_) => 'a lowercase hex sha256 (64 characters)',
      (_) => '小写十六进制 sha256（64 个字符）',
    ),
    'schema.fingerprint_value': entry(
      (_) => 'a lowercase hex sha256 (or tail:<size>:<sha256> for the changelog)',
      (_) => '小写十六进制 sha256（变更日志为 tail:<size>:<sha256>）',
    ),
    'schema.object': entry(
      (_) => 'an object',
      (_) => '对象',
    ),
    'schema.object_of': entry<{ what: string }>(
      (a) => `an object (${a.what})`,
      (a) => `对象（${a.what}）`,
    ),
    'schema.array_of': entry<{ what: string }>(
      (a) => `an array (${a.what})`,
      (a) => `数组（${a.what}）`,
    ),
    'schema.min_max': entry(
      (_) => 'min ≤ max',
      (_) => 'min ≤ max（下限不大于上限）',
    ),
    'schema.range': entry(
      (_) => 'a range [min, max] with min ≤ max',
      (_) => '区间 [min, max]，且 min ≤ max',
    ),
    'schema.pattern': entry(
      (_) => 'a regular expression JavaScript compiles with the u flag (e.g. 仿佛|宛如)',
      (_) => 'JavaScript 能以 u 标志编译的正则表达式（如 仿佛|宛如）',
    ),
    'schema.timezone': entry(
      (_) => 'an IANA time zone such as Asia/Shanghai',
      (_) => 'IANA 时区，例如 Asia/Shanghai',
    ),
    'schema.language_tag': entry(
      (_) => 'a BCP 47 language tag such as zh-CN',
      (_) => 'BCP 47 语言标签，例如 zh-CN',
    ),
    'schema.field_name': entry(
      (_) => 'a field name of the state, without a dot (e.g. "status")',
      (_) => '状态里的字段名，不含点号（例如 "status"）',
    ),
    'schema.timestamp': entry(
      (_) => 'an ISO-8601 timestamp',
      (_) => 'ISO-8601 时间',
    ),
    'schema.journal_write': entry(
      (_) => 'a write has either "content" or "staged"',
      (_) => '每个写入项须有 "content" 或 "staged" 之一',
    ),
    'schema.directory_name': entry(
      (_) => 'a directory name',
      (_) => '目录名',
    ),
    'schema.max_storylines': entry(
      (_) => 'at most 4 active storylines',
      (_) => '最多 4 条活跃故事线',
    ),
    'schema.no_key': entry<{ key: string }>(
      (a) => `no key ${a.key} (unknown keys are not allowed here)`,
      (a) => `不应出现键 ${a.key}（此处不允许未知的键）`,
    ),
    'schema.unknown_key': entry<{ key: string }>(
      (a) => `unknown key ${a.key}`,
      (a) => `未知的键 ${a.key}`,
    ),
    'schema.required': entry<{ what: string }>(
      (a) => `${a.what} (required)`,
      (a) => `${a.what}（必填）`,
    ),
    'schema.any_value': entry(
      (_) => 'a value',
      (_) => '任意值',
    ),
    'schema.integer': entry(
      (_) => 'an integer',
      (_) => '整数',
    ),
    'schema.format': entry<{ expected: string | null; received: string }>(
      (a) => `${a.expected ? `Expected ${a.expected} but r` : 'R'}eceived ${a.received}`,
      (a) => `${a.expected ? `应为 ${a.expected}，` : ''}实为 ${a.received}`,
    ),
    'schema.valid_json': entry(
      (_) => 'valid JSON',
      (_) => '合法的 JSON',
    ),
    // The parser's own message is quoted as it is: it is the engine's, not novel's.
    'schema.json_error': entry<{ message: string; line: number | null; column: number | null }>(
      (a) =>
        `${a.message}${
          a.line === null
            ? ''
            : a.column === null
              ? ` at the end of the file (line ${a.line})`
              : ` at line ${a.line}, column ${a.column}`
        }`,
      (a) =>
        `JSON 语法错误（\`${a.message}\`）${
          a.line === null
            ? ''
            : a.column === null
              ? `，位置：文件末尾（第 ${a.line} 行）`
              : `，位置：第 ${a.line} 行第 ${a.column} 列`
        }`,
    ),
    'schema.json_depth': entry<{ max: number }>(
      (a) => `JSON nested at most ${a.max} levels deep`,
      (a) => `嵌套不超过 ${a.max} 层的 JSON`,
    ),
    'schema.json_depth_found': entry<{ max: number }>(
      (a) => `a value nested more than ${a.max} levels deep`,
      (a) => `嵌套超过 ${a.max} 层的值`,
    ),
    'schema.json_depth_fix': entry(
      (_) =>
        'write the value flat (no book file nests more than a few levels); an executor wrote it: run the step again',
      (_) => '把该值写平（书中的文件都只嵌套几层）；若是执行器写的，重跑该步',
    ),
    'schema.json_fix': entry(
      (_) => 'correct the JSON syntax (a JSON linter shows the exact spot)',
      (_) => '修正 JSON 语法（用 JSON 检查工具可找到确切位置）',
    ),
    // The fix of each field of .checkpoint.json (src/schemas/checkpoint.ts CHECKPOINT_FIXES).
    'schema.fix.last_completed_chapter': entry(
      (_) => 'set it to the number of the last chapter in chapters/ (0 for a new book)',
      (_) => '设为 chapters/ 中最后一章的章号（新书为 0）',
    ),
    'schema.fix.current_volume': entry(
      (_) => 'set it to the volume being written (1 for a new book)',
      (_) => '设为正在写的卷号（新书为 1）',
    ),
    'schema.fix.one_of': entry<{ values: readonly string[] }>(
      (a) => `use one of ${listEn(a.values)}`,
      (a) => `使用以下之一：${listZh(a.values)}`,
    ),
    'schema.fix.null_or_one_of': entry<{ values: readonly string[] }>(
      (a) => `use null or one of ${listEn(a.values)}`,
      (a) => `使用 null 或以下之一：${listZh(a.values)}`,
    ),
    'schema.fix.inflight_chapter': entry(
      (_) => 'use null or the chapter number in progress',
      (_) => '使用 null 或正在写的章号',
    ),
    'schema.fix.revision_count': entry(
      (_) => 'use a whole number ≥ 0 (0 when unsure)',
      (_) => '使用 ≥ 0 的整数（不确定时写 0）',
    ),
    'schema.fix.gate': entry(
      (_) => 'remove the gate object; `novel next` recomputes it from the staged evaluation',
      (_) => '删除 gate 对象；`novel next` 会根据暂存的评审重新计算',
    ),
    'schema.fix.staging_hashes': entry(
      (_) => 'remove staging_hashes; it is rebuilt at the next advance',
      (_) => '删除 staging_hashes；下次登记时会重建',
    ),
    'schema.fix.judged_hashes': entry(
      (_) => "remove judged_hashes and pipeline_stage's gate; the chapter is judged again",
      (_) => '删除 judged_hashes 和 pipeline_stage 的 gate；本章会重新评审',
    ),
    'schema.fix.imported_chapters': entry(
      (_) => 'set it to the number of chapters `novel import` wrote (or remove it when the book was not imported)',
      (_) => '设为 `novel import` 写入的章数（若书不是导入的，删除该字段）',
    ),
    'schema.fix.import_caught_up': entry(
      (_) => 'set it to the last imported chapter that has its summary in summaries/ (0 when none)',
      (_) => '设为 summaries/ 中已有摘要的最后一个导入章的章号（没有则为 0）',
    ),
    'schema.fix.import_stage': entry(
      (_) => 'remove import_stage; the catch-up summary is validated and advanced again',
      (_) => '删除 import_stage；补写摘要会重新校验并登记',
    ),
  }),
  // ---- why a text is not a step id (src/core/step-id.ts renders their English from this group itself) ----
  stepid: () => ({
    'stepid.not_decimal': entry<{ what: 'chapter' | 'volume'; text: string }>(
      (a) => `the ${a.what} number "${a.text}" is not a plain decimal number`,
      (a) => `${a.what === 'volume' ? '卷' : '章'}号 "${a.text}" 不是普通的十进制数`,
    ),
    'stepid.below_one': entry<{ what: 'chapter' | 'volume'; text: string }>(
      (a) => `the ${a.what} number must be at least 1, found "${a.text}"`,
      (a) => `${a.what === 'volume' ? '卷' : '章'}号至少为 1，实为 "${a.text}"`,
    ),
    'stepid.above_max': entry<{ what: 'chapter' | 'volume'; max: number; text: string }>(
      (a) => `the ${a.what} number must be at most ${a.max}, found "${a.text}"`,
      (a) => `${a.what === 'volume' ? '卷' : '章'}号至多为 ${a.max}，实为 "${a.text}"`,
    ),
    'stepid.setup_step': entry<{ stage: string; allowed: readonly string[] }>(
      (a) => `unknown setup step "${a.stage}" (expected ${listEn(a.allowed)})`,
      (a) => `未知的设定步骤 "${a.stage}"（应为 ${listZh(a.allowed)} 之一）`,
    ),
    'stepid.segments': entry<{ n: number }>(
      (a) => `expected 3 ":"-separated segments, found ${a.n}`,
      (a) => `应为 3 段以 ":" 分隔的内容，实为 ${a.n} 段`,
    ),
    'stepid.stage': entry<{ kind: 'chapter' | 'volume' | 'import'; stage: string; allowed: readonly string[] }>(
      (a) => `unknown ${a.kind} stage "${a.stage}" (expected ${listEn(a.allowed)})`,
      (a) =>
        `未知的${a.kind === 'volume' ? '卷' : a.kind === 'import' ? '导入' : '章节'}` +
        `阶段 "${a.stage}"（应为 ${listZh(a.allowed)} 之一）`,
    ),
    'stepid.kind': entry<{ kind: string }>(
      (a) => `unknown step kind "${a.kind}" (expected chapter, volume, book or import)`,
      (a) => `未知的步骤类型 "${a.kind}"（应为 chapter、volume、book 或 import）`,
    ),
    'stepid.chapter_ref': entry<{ text: string }>(
      (a) => `expected chapter:NNN, found "${a.text}"`,
      (a) => `应为 chapter:NNN（例如 chapter:012），实为 "${a.text}"`,
    ),
  }),
  // ---- the book's files against the fingerprint (src/core/fingerprint-rules.ts) ----
  drift: () => ({
    'drift.changed': entry<{ file: string }>(
      (a) => `changed: ${a.file}`,
      (a) => `改动：${a.file}`,
    ),
    'drift.added': entry<{ file: string }>(
      (a) => `added: ${a.file}`,
      (a) => `新增：${a.file}`,
    ),
    'drift.removed': entry<{ file: string }>(
      (a) => `removed: ${a.file}`,
      (a) => `删除：${a.file}`,
    ),
    'drift.restore': entry<{ file: string }>(
      (a) => `restore ${a.file}`,
      (a) => `恢复 ${a.file}`,
    ),
    'drift.delete': entry<{ file: string }>(
      (a) => `delete ${a.file}`,
      (a) => `删除 ${a.file}`,
    ),
    'drift.hint': entry<{ restore: readonly string[]; remove: readonly string[] }>(
      (a) =>
        `${[
          items(a.restore).length ? `restore ${listEn(a.restore)}` : '',
          items(a.remove).length ? `delete ${listEn(a.remove)}` : '',
        ]
          .filter(Boolean)
          .join('; ')}; or, if these edits are yours and intended, record them with \`novel state verify --accept\``,
      (a) =>
        `${[
          items(a.restore).length ? `恢复 ${listZh(a.restore)}` : '',
          items(a.remove).length ? `删除 ${listZh(a.remove)}` : '',
        ]
          .filter(Boolean)
          .join('；')}；或者，若这些改动是你有意做的，用 \`novel state verify --accept\` 记录它们`,
    ),
  }),
  // ---- what an executor step changed outside staging/ (src/core/step-guard-rules.ts) ----
  guarded: () => ({
    'guarded.change': entry<{
      kind: 'added' | 'removed' | 'changed';
      path: string;
      restored: boolean;
      repair: string | null;
    }>(
      (a) => `${a.kind}: ${a.path}${a.restored ? ' (restored)' : ` — ${a.repair}`}`,
      (a) =>
        `${({ added: '新增', removed: '删除', changed: '改动' } as Record<string, string>)[a.kind] ?? a.kind}` +
        `：${a.path}${a.restored ? '（已恢复）' : ` —— ${a.repair}`}`,
    ),
    'guarded.delete': entry<{ command: string }>(
      (a) => `delete it: ${a.command}`,
      (a) => `删除它：${a.command}`,
    ),
    'guarded.restore': entry<{ path: string }>(
      (a) => `restore it: git checkout -- ${a.path} (or from a backup), then \`novel state verify\``,
      (a) => `恢复它：git checkout -- ${a.path}（或从备份恢复），然后运行 \`novel state verify\``,
    ),
    'guarded.inspect': entry<{ path: string }>(
      (a) => `inspect it: ls -la -- ${a.path}; restore it from a backup or git (git checkout -- ${a.path})`,
      (a) => `检查它：ls -la -- ${a.path}；从备份或 git 恢复（git checkout -- ${a.path}）`,
    ),
  }),
  // ---- why a lock is stale (src/core/lock-rules.ts) ----
  stale: () => ({
    'stale.unreadable': entry<{ age: number; limit: number }>(
      (a) => `no readable info.json and the lock is ${a.age} s old (> ${a.limit} s)`,
      (a) => `没有可读的 info.json，且锁已存在 ${a.age} 秒（> ${a.limit} 秒）`,
    ),
    'stale.heartbeat': entry<{ minutes: number; limit: number }>(
      (a) => `no heartbeat for ${a.minutes} min (> ${a.limit} min)`,
      (a) => `${a.minutes} 分钟没有心跳（> ${a.limit} 分钟）`,
    ),
    'stale.gone': entry<{ pid: number; host: string }>(
      (a) => `process ${a.pid} on ${a.host} is gone`,
      (a) => `${a.host} 上的进程 ${a.pid} 已不存在`,
    ),
  }),
  // ---- the demo executor (src/core/demo-executor.ts) ----
  demo: () => ({
    'demo.scores': entry<{ raw: string }>(
      (a) => `NOVEL_DEMO_SCORES=${a.raw}: expected comma-separated numbers in [0, 5], e.g. 3.2,4.1`,
      (a) => `NOVEL_DEMO_SCORES=${a.raw}：应为 [0, 5] 之间、以逗号分隔的数，例如 3.2,4.1`,
    ),
  }),
  // ---- novel status's own words (src/core/status-view.ts) ----
  statusview: () => ({
    'statusview.holder': entry<{ pid: number; host: string; started: string; chapter: number | null }>(
      (a) => `pid ${a.pid} on ${a.host} since ${a.started}${a.chapter === null ? '' : ` (chapter ${a.chapter})`}`,
      (a) => `进程 ${a.pid}（${a.host}），开始于 ${a.started}${a.chapter === null ? '' : `，第${a.chapter}章`}`,
    ),
    'statusview.unknown_holder': entry(
      (_) => 'an unknown tool',
      (_) => '未知工具',
    ),
    'statusview.stale': entry(
      (_) => 'stale',
      (_) => '已过期',
    ),
  }),
  // ---- novel quality eval (src/core/quality-eval-render.ts) ----
  qeval: () => ({
    'qeval.counts': entry<{ ai: number; human: number }>(
      (a) => `${a.ai} AI text(s), ${a.human} human text(s)`,
      (a) => `AI 文本 ${a.ai} 篇，人类文本 ${a.human} 篇`,
    ),
    'qeval.auc': entry<{ auc: string; interval: string }>(
      (a) => `AUC of the AI-flavour score: ${a.auc} (95% interval ${a.interval})`,
      (a) => `AI味得分的 AUC：${a.auc}（95% 区间 ${a.interval}）`,
    ),
    'qeval.level': entry<{
      name: 'soft' | 'hard';
      threshold: string;
      precision: string;
      recall: string;
      flagged: number;
      human: string;
    }>(
      (a) =>
        `  ${a.name} ≥ ${a.threshold}: precision ${a.precision}, recall ` +
        `${a.recall}, ${a.flagged} flagged, ${a.human} of human texts`,
      (a) =>
        `  ${a.name === 'soft' ? '提示' : '硬伤'}阈值 ${a.threshold}：精确率 ${a.precision}，` +
        `召回率 ${a.recall}，标出 ${a.flagged} 篇，其中人类文本占人类总数 ${a.human}`,
    ),
    'qeval.features': entry(
      (_) => 'features (AUC; present in AI / human; weight):',
      (_) => '各项特征（AUC；出现率 AI / 人类；权重）：',
    ),
    'qeval.by_source': entry(
      (_) => 'leave one source out (refitted without the source, then scored on it):',
      (_) => '逐一留出来源（不用该来源重新拟合，再给它打分）：',
    ),
    'qeval.source': entry<{ source: string; label: string; n: number; auc: string }>(
      (a) => `  ${a.source} (${a.label}, ${a.n}): AUC ${a.auc}`,
      (a) => `  ${a.source} (${a.label === 'ai' ? 'AI' : '人类'}, ${a.n}): AUC ${a.auc}`,
    ),
  }),
  // ---- novel run --verbose (src/core/run-render.ts) ----
  runline: () => ({
    'runline.prompt': entry<{ prompt: string }>(
      (a) => `  prompt: ${a.prompt}`,
      (a) => `  提示词：${a.prompt}`,
    ),
    'runline.executor': entry<{ message: string; ms: number; log: string | null }>(
      (a) => `  executor: ${a.message} (${a.ms} ms)${a.log ? `, log ${a.log}` : ''}`,
      (a) => `  执行器：${a.message}（${a.ms} 毫秒）${a.log ? `，日志 ${a.log}` : ''}`,
    ),
    'runline.usage': entry<{
      input: number | string;
      output: number | string;
      cost: number | string;
      model: string | null;
    }>(
      (a) => `  usage: ${a.input} in / ${a.output} out tokens, $${a.cost}${a.model ? `, model ${a.model}` : ''}`,
      (a) => `  用量：输入 ${a.input} / 输出 ${a.output} tokens，$${a.cost}${a.model ? `，模型 ${a.model}` : ''}`,
    ),
  }),
} satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;

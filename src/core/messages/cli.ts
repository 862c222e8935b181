/**
 * The catalogue's messages of the cli area (src/commands/ and src/cli.ts), by group: each key starts
 * with its group's name. Pure.
 *
 * - `usage`: a mistyped command line, said from the structure of clipanion's error (src/cli.ts), and
 *   what an option's value should have been (src/commands/option-validators.ts);
 * - `help`: `novel help` and `--help`: every command's description, details, the labels of its
 *   examples and its options' descriptions, keyed by the command's path (`help.lock.status.…`). The
 *   commands name these ids in their clipanion usage; the CLI renders them (src/cli-help.ts);
 * - `cmd`: the commands' own refusals and report lines.
 */
import { PAUSE_STAGES } from '../step-table.js';
import { entry } from './entry.js';

/** A list said in English ("a, b, c") as a Chinese one (a、b、c). */
const listZh = (list: string): string => list.split(', ').join('、');

/** How typanion prints the values an option accepts: "a", "b", or "c". */
function printableChoices(list: string): string {
  const values = list.split(', ').map((v) => JSON.stringify(v));
  return values.length > 2 ? `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}` : values.join(' or ');
}

const DECISION_ZH: Readonly<Record<string, string>> = { accept: '接受', revise: '修改', rewrite: '重写' };

export const CLI_GROUPS = {
  // ---- a mistyped command line ----
  usage: () => ({
    // clipanion's parse errors, in the words clipanion gives them (their English is what novel always printed)
    'usage.unknown_command': entry(
      (_) => 'unknown command',
      (_) => '未知命令',
    ),
    'usage.option_required': entry<{ options: string }>(
      (a) => `a required option is missing: ${a.options}`,
      (a) => `缺少必需的选项：${a.options}`,
    ),
    'usage.no_match': entry(
      (_) => 'Command not found; did you mean:',
      (_) => '没有与之匹配的用法',
    ),
    'usage.no_candidates': entry(
      (_) => "Command not found, but we're not sure what's the alternative.",
      (_) => '找不到这个命令',
    ),
    'usage.ambiguous': entry(
      (_) => 'Cannot find which to pick amongst the following alternatives:',
      (_) => '有几种用法都能匹配，无法确定是哪一种',
    ),
    'usage.option_unsupported': entry<{ option: string }>(
      (a) => `Unsupported option name ("${a.option}").`,
      (a) => `不支持的选项 ${a.option}`,
    ),
    'usage.option_invalid': entry<{ option: string }>(
      (a) => `Invalid option name ("${a.option}").`,
      (a) => `无效的选项名 ${a.option}`,
    ),
    'usage.option_value_missing': entry<{ option: string }>(
      (a) => `Not enough arguments to option ${a.option}.`,
      (a) => `选项 ${a.option} 缺少取值`,
    ),
    'usage.positional_missing': entry(
      (_) => 'Not enough positional arguments.',
      (_) => '缺少参数',
    ),
    'usage.positional_extra': entry<{ value: string }>(
      (a) => `Extraneous positional argument ("${a.value}").`,
      (a) => `多余的参数 ${a.value}`,
    ),
    'usage.invalid_value': entry<{ option: string; detail: string }>(
      (a) => `Invalid value for ${a.option}: ${a.detail}`,
      (a) => `${a.option} 的值无效：${a.detail}`,
    ),
    // what an option's value should have been: `found` is the value as typed (JSON), `choices` a list "a, b, c"
    'usage.host': entry<{ found: string }>(
      (a) => `expected a host name or an IP address (127.0.0.1, ::1, 0.0.0.0), found ${a.found}`,
      (a) => `应为主机名或 IP 地址（127.0.0.1、::1、0.0.0.0），实为 ${a.found}`,
    ),
    'usage.count': entry<{ found: string }>(
      (a) => `expected a whole number ≥ 1 (leading zeros allowed, e.g. 01), found ${a.found}`,
      (a) => `应为 ≥ 1 的整数（可带前导零，如 01），实为 ${a.found}`,
    ),
    'usage.values_among': entry<{ choices: string; found: string }>(
      (a) => `expected values among ${a.choices} (comma-separated), found ${a.found}`,
      (a) => `应为 ${listZh(a.choices)} 中的值（逗号分隔），实为 ${a.found}`,
    ),
    'usage.chapter_range': entry<{ found: string }>(
      (a) => `expected a range A-B of chapters (1 ≤ A ≤ B), found ${a.found}`,
      (a) => `应为章节范围 A-B（1 ≤ A ≤ B），实为 ${a.found}`,
    ),
    'usage.one_of': entry<{ choices: string; found: string }>(
      (a) => `expected ${a.choices.includes(', ') ? 'one of ' : ''}${printableChoices(a.choices)} (got ${a.found})`,
      (a) =>
        `应为 ${a.choices
          .split(', ')
          .map((v) => JSON.stringify(v))
          .join('、')}${a.choices.includes(', ') ? ' 之一' : ''}（实为 ${a.found}）`,
    ),
    'usage.number': entry<{ found: string }>(
      (a) => `expected a number (got ${a.found})`,
      (a) => `应为数字（实为 ${a.found}）`,
    ),
    'usage.unsafe_number': entry<{ found: string }>(
      (a) => `received a number that can't be safely represented by the runtime (${a.found})`,
      (a) => `数字 ${a.found} 无法被精确表示`,
    ),
    'usage.at_least': entry<{ min: number; found: number }>(
      (a) => `expected to be at least ${a.min} (got ${a.found})`,
      (a) => `应不小于 ${a.min}（实为 ${a.found}）`,
    ),
    'usage.integer': entry<{ found: number }>(
      (a) => `expected to be an integer (got ${a.found})`,
      (a) => `应为整数（实为 ${a.found}）`,
    ),
    'usage.safe_integer': entry<{ found: number }>(
      (a) => `expected to be a safe integer (got ${a.found})`,
      (a) => `应为安全范围内的整数（实为 ${a.found}）`,
    ),
    'usage.in_range': entry<{ min: number; max: number; found: number }>(
      (a) => `expected to be in the [${a.min}; ${a.max}] range (got ${a.found})`,
      (a) => `应在 [${a.min}; ${a.max}] 范围内（实为 ${a.found}）`,
    ),
    'usage.empty_string': entry(
      (_) => 'an empty string',
      (_) => '空字符串',
    ),
    // the one next thing to try
    'usage.did_you_mean': entry<{ command: string }>(
      (a) => `did you mean \`novel ${a.command}\`? (\`novel help\` lists every command)`,
      (a) => `你是不是想用 \`novel ${a.command}\`？（\`novel help\` 列出所有命令）`,
    ),
    'usage.commands_are': entry<{ commands: string }>(
      (a) => `the commands are: ${a.commands}`,
      (a) => `可用的命令：${listZh(a.commands)}`,
    ),
    'usage.did_you_mean_option': entry<{ option: string; command: string }>(
      (a) => `did you mean ${a.option}? (\`novel help ${a.command}\` lists the options)`,
      (a) => `你是不是想用 ${a.option}？（\`novel help ${a.command}\` 列出所有选项）`,
    ),
    'usage.see_help': entry<{ command: string }>(
      (a) => `run \`novel help${a.command ? ` ${a.command}` : ''}\``,
      (a) => `运行 \`novel help${a.command ? ` ${a.command}` : ''}\` 查看用法`,
    ),
  }),
  // ---- novel help, novel <command> --help ----
  help: () => ({
    'help.usage': entry(
      (_) => 'Usage',
      (_) => '用法',
    ),
    'help.options': entry(
      (_) => 'Options',
      (_) => '选项',
    ),
    'help.details': entry(
      (_) => 'Details',
      (_) => '说明',
    ),
    'help.examples': entry(
      (_) => 'Examples',
      (_) => '示例',
    ),
    'help.footer': entry(
      (_) =>
        'You can also print more details about any of these commands by calling ' +
        'them with the `-h,--help` flag right after the command name.',
      (_) => '在命令名后紧跟 `-h,--help`，可查看该命令的详细说明。',
    ),
    'help.category.autopilot': entry(
      (_) => 'Autopilot',
      (_) => '自动写作',
    ),
    'help.category.book': entry(
      (_) => 'Book',
      (_) => '书稿',
    ),
    'help.category.lock': entry(
      (_) => 'Lock',
      (_) => '锁',
    ),
    'help.category.pipeline': entry(
      (_) => 'Pipeline',
      (_) => '流水线',
    ),
    'help.category.project': entry(
      (_) => 'Project',
      (_) => '项目',
    ),
    'help.category.reference': entry(
      (_) => 'Reference',
      (_) => '参考',
    ),
    'help.category.state': entry(
      (_) => 'State',
      (_) => '状态',
    ),
    // the options of every command
    'help.--json': entry(
      (_) => 'Print exactly one JSON object {ok, command, data | error} on stdout',
      (_) => '在标准输出打印且只打印一个 JSON 对象 {ok, command, data | error}',
    ),
    'help.--project': entry(
      (_) => 'Project directory (holds .checkpoint.json); default: nearest ancestor of the current directory',
      (_) => '项目目录（存放 .checkpoint.json 的目录）；默认：从当前目录向上找到的最近一个项目',
    ),
    // novel status
    'help.status.description': entry(
      (_) => 'Show where the pipeline stands and the exact next command (read-only)',
      (_) => '显示流水线进行到哪一步，以及下一步要输入的确切命令（只读）',
    ),
    'help.status.details': entry(
      (_) =>
        "One line per stage with the current one marked, the chapter's place in the volume outline, " +
        'the revision round, the gate, the lock holder and the exact command to type next.',
      (_) =>
        '每个阶段一行并标出当前阶段；还显示本章在卷大纲中的位置、' +
        '修改轮次、闸门、锁的持有者，以及下一步要输入的确切命令。',
    ),
    'help.status.example.1': entry(
      (_) => 'Human view',
      (_) => '给人看的视图',
    ),
    'help.status.example.2': entry(
      (_) => 'The same data as JSON',
      (_) => '同样的数据，以 JSON 输出',
    ),
    // novel next
    'help.next.description': entry(
      (_) => 'Print the next step of the pipeline (read-only)',
      (_) => '打印流水线的下一步（只读）',
    ),
    'help.next.details': entry(
      (_) =>
        [
          'Rebuilds the pipeline machine from `.checkpoint.json`, probes `staging/` and prints the next step id.',
          "The step's action says what to do: `execute` (run the agent), `advance` (its " +
            'outputs are present, new and valid: record them), `commit`, `review` (the ' +
            'author decides) or `recover` (finish an interrupted commit). Nothing is written.',
        ].join('\n\n'),
      (_) =>
        [
          '根据 `.checkpoint.json` 重建流水线状态机，探查 `staging/`，打印下一步的步骤编号。',
          '步骤的 action 说明该做什么：`execute`（运行对应的代理）、`advance`（产出已就绪、是新的且有效：登记它们）、' +
            '`commit`（入库）、`review`（由作者决定）或 `recover`（补完一次中断的入库）。不写入任何文件。',
        ].join('\n\n'),
    ),
    'help.next.example.1': entry(
      (_) => 'Print the next step id',
      (_) => '打印下一步的步骤编号',
    ),
    'help.next.example.2': entry(
      (_) => 'Full decision with reason and evidence',
      (_) => '完整的决定，含原因与依据',
    ),
    // novel instructions
    'help.instructions.description': entry(
      (_) => 'Print the instruction packet of a step: which agent, which files, what to write',
      (_) => '打印某一步的指令包：由哪个代理执行、读哪些文件、写出什么',
    ),
    'help.instructions.details': entry(
      (_) =>
        [
          'Builds the packet for any step of the next or inflight chapter (or the volume being planned), ' +
            'whatever the current stage. Files are named by project-relative path (manifest mode); ' +
            'optional files that do not exist are left out. The same project gives byte-identical packets.',
          "`--embed` adds each file's content as a read-only `<DATA …>` block (capped at 64 KiB). " +
            '`--write-manifest` also writes the packet to `staging/manifests/`. Read-only otherwise.',
        ].join('\n\n'),
      (_) =>
        [
          '为下一章或在写章节（或正在规划的卷）的任一步骤生成指令包，' +
            '不论当前处于哪个阶段。文件以相对于项目根目录的路径给出（清单模' +
            '式）；不存在的可选文件不列出。同一项目总是生成逐字节相同的指令包。',
          '`--embed` 把每个文件的内容作为只读的 `<DATA …>` 块嵌入（上限 64 KiB）。' +
            '`--write-manifest` 还会把指令包写到 `staging/manifests/`。除此之外只读。',
        ].join('\n\n'),
    ),
    'help.instructions.example.1': entry(
      (_) => 'The chapter-writer packet of chapter 4',
      (_) => '第4章 chapter-writer 的指令包',
    ),
    'help.instructions.example.2': entry(
      (_) => 'With file contents embedded, as the data of the JSON envelope',
      (_) => '嵌入文件内容，作为 JSON 信封中的 data',
    ),
    'help.instructions.example.3': entry(
      (_) => 'Write it for the executor',
      (_) => '为执行器写出指令包',
    ),
    'help.instructions.--embed': entry(
      (_) => 'Embed file contents as read-only DATA blocks',
      (_) => '把文件内容作为只读的 DATA 块嵌入',
    ),
    'help.instructions.--write-manifest': entry(
      (_) => 'Also write the packet to staging/manifests/',
      (_) => '同时把指令包写到 staging/manifests/',
    ),
    // novel validate
    'help.validate.description': entry(
      (_) => "Check a step's staged outputs and report every problem at once",
      (_) => '检查某一步的暂存产出，一次报告所有问题',
    ),
    'help.validate.details': entry(
      (_) =>
        'Checks what the agent of the step wrote under `staging/` (PROTOCOL §4): presence, UTF-8, JSON ' +
        'shape, chapter numbers, slugs. Every problem is reported with file, field, expected and ' +
        'found. Exits 2 when anything required is wrong; problems in optional files are warnings.',
      (_) =>
        '检查该步骤的代理在 `staging/` 下写出的内容（PROTOCOL §4）：是否存在、UTF-8、JSON 结构、章号、英文短标识。' +
        '每个问题都给出文件、字段、应为与实为。必需的内容有误时退出码为 2；可选文件中的问题只作为警告。',
    ),
    'help.validate.example.1': entry(
      (_) => 'Validate the summarizer outputs of chapter 4',
      (_) => '校验第4章 summarizer 的产出',
    ),
    'help.validate.example.2': entry(
      (_) => 'Machine-readable report',
      (_) => '机器可读的报告',
    ),
    // novel advance
    'help.advance.description': entry(
      (_) => 'Record a finished step: validate its outputs and move the pipeline on',
      (_) => '登记一个已完成的步骤：校验其产出，推进流水线',
    ),
    'help.advance.details': entry(
      (_) =>
        [
          'Takes the project lock, refuses a step other than the one `novel next` names, ' +
            "validates the step's staged outputs, sends the finished-step event to the " +
            'pipeline machine and writes the resulting `.checkpoint.json` atomically.',
          "After a judge step the gate runs at once: a revision archives the round's files under " +
            "`staging/revisions/chapter-NNN/round-K/`. Refuses (exit 2) when the book's final " +
            'trees changed outside novel, and exits 3 while another process holds the lock.',
        ].join('\n\n'),
      (_) =>
        [
          '获取项目锁；步骤不是 `novel next` 给出的那一步时拒绝执行；校验该步骤的暂存产出，' +
            '向流水线状态机发送完成事件，并原子地写入新的 `.checkpoint.json`。',
          '评审（judge）这一步之后闸门立即判定：判定修改时，本轮的文件归档到 ' +
            '`staging/revisions/chapter-NNN/round-K/`。书稿文件在 novel ' +
            '之外被改动时拒绝执行（退出码 2）；其他进程持有锁时退出码为 3。',
        ].join('\n\n'),
    ),
    'help.advance.example.1': entry(
      (_) => 'Record the draft of chapter 4',
      (_) => '登记第4章的草稿',
    ),
    'help.advance.example.2': entry(
      (_) => 'Record the judge step and see the gate decision',
      (_) => '登记评审这一步，并查看闸门的判定',
    ),
    // novel decide
    'help.decide.description': entry(
      (_) => 'Resolve a pause: accept, revise or rewrite the paused chapter',
      (_) => '处理暂停：接受、修改或重写暂停的章节',
    ),
    'help.decide.details': entry(
      (_) =>
        [
          'Only valid while the chapter is paused at review (`novel next` prints `chapter:NNN:review`).',
          '- `accept` commits the chapter as it is (gate decision `accepted_by_user`).',
          '- `revise` runs one more revision round, even past the revision budget.',
          "- `rewrite` discards the chapter's staged outputs (kept under " +
            '`staging/revisions/chapter-NNN/rewrite-K/`) and starts again at draft with revision_count 0.',
        ].join('\n\n'),
      (_) =>
        [
          '只在章节暂停、等待作者决定时有效（`novel next` 打印 `chapter:NNN:review`）。',
          '- `accept`：按现状入库（闸门判定记为 `accepted_by_user`）。',
          '- `revise`：再修改一轮，即使修改轮次已经用完。',
          '- `rewrite`：丢弃本章的暂存产出（保存在 `staging/revisions/chapter-NNN/rewrite-K/' +
            '`），从起草重新开始，revision_count 归零。',
        ].join('\n\n'),
    ),
    'help.decide.example.1': entry(
      (_) => 'Accept chapter 12 as it is',
      (_) => '第12章按现状接受',
    ),
    'help.decide.example.2': entry(
      (_) => 'Ask for one more revision',
      (_) => '再要一轮修改',
    ),
    'help.decide.example.3': entry(
      (_) => 'Revise with your own instruction to the writer',
      (_) => '修改时给写手你自己的指示',
    ),
    'help.decide.example.4': entry(
      (_) => 'Start the chapter again from a fresh draft',
      (_) => '这一章从全新的草稿重新开始',
    ),
    'help.decide.--note': entry(
      (_) =>
        'Your words with the decision: revise and rewrite carry them to the writer in the next ' +
        'draft packet (inline.author_note); every decision keeps them in the chapter log',
      (_) =>
        '随决定附上你的话：revise 和 rewrite 会把它放进下一份起草指令包交给写手' +
        '（inline.author_note）；任何决定都会把它记入章节日志',
    ),
    // novel commit
    'help.commit.description': entry(
      (_) => 'Move a gated chapter into the book in one crash-safe transaction',
      (_) => '以一次崩溃安全的事务，把通过闸门的章节入库',
    ),
    'help.commit.details': entry(
      (_) =>
        [
          'Refused unless the chapter is inflight and its gate allows ' +
            'the commit (pass, force pass, accepted by the author).',
          'Everything is computed first and written to a journal (`staging/.commit/chapter-NNN.json`, ' +
            "fsync'd); then each target is applied idempotently and the journal is deleted. A " +
            'process killed at any instant leaves a project that the next mutating command rolls ' +
            'forward to exactly the bytes of an uninterrupted commit.',
          '`--dry-run` prints the exact plan — every file written, moved, appended or ' +
            'cleared and every state op applied or dropped — and touches nothing.',
        ].join('\n\n'),
      (_) =>
        [
          '只有章节正在写、且闸门允许入库（通过、强制通过、作者已接受）时才执行。',
          '先算好一切并写入入库日志（`staging/.commit/chapter-NNN.json`，已 fsync）；然后逐个幂等地应用到目标文件，' +
            '最后删除日志。进程在任何时刻被杀掉，下一个写入命令都会把项目补完到与未中断的入库逐字节相同的状态。',
          '`--dry-run` 打印确切的计划——每个要写入、移动、追加或清空的文件，' +
            '以及每条应用或丢弃的状态操作——不改动任何东西。',
        ].join('\n\n'),
    ),
    'help.commit.example.1': entry(
      (_) => 'Commit chapter 4',
      (_) => '第4章入库',
    ),
    'help.commit.example.2': entry(
      (_) => 'Show the plan without writing anything',
      (_) => '显示计划，不写入任何东西',
    ),
    'help.commit.--chapter': entry(
      (_) => 'The chapter to commit',
      (_) => '要入库的章节',
    ),
    'help.commit.--volume': entry(
      (_) => 'Commit the staged plan of volume VV (volume planning)',
      (_) => '把第 VV 卷的暂存的规划入库（卷规划）',
    ),
    'help.commit.--setup': entry(
      (_) => 'Commit the staged files of the setup step in progress (book:world, book:characters, book:style)',
      (_) => '把进行中的设定步骤的暂存文件入库（book:world、book:characters、book:style）',
    ),
    'help.commit.--dry-run': entry(
      (_) => 'Print the plan, write nothing',
      (_) => '打印计划，不写入任何东西',
    ),
    // novel lock status
    'help.lock.status.description': entry(
      (_) => 'Show who holds the project lock and whether it is stale',
      (_) => '显示谁持有项目锁，以及锁是否已过期',
    ),
    'help.lock.status.details': entry(
      (_) =>
        'A lock is stale when its heartbeat is older than `lock_stale_minutes` (default 30), when its process ' +
        'is gone on this host, or (for a lock without readable info.json) when it is more than 60 s old.',
      (_) =>
        '心跳早于 `lock_stale_minutes` 分钟（默认 30）、持有进程在本机上已不存在，' +
        '或（对没有可读 info.json 的锁）已存在超过 60 秒时，锁即视为过期。',
    ),
    'help.lock.status.example.1': entry(
      (_) => 'Show the lock',
      (_) => '查看锁',
    ),
    'help.lock.status.example.2': entry(
      (_) => 'As JSON',
      (_) => '以 JSON 输出',
    ),
    // novel lock clear
    'help.lock.clear.description': entry(
      (_) => 'Remove a stale project lock (a live one only with --force)',
      (_) => '清除过期的项目锁（仍有效的锁须加 --force）',
    ),
    'help.lock.clear.details': entry(
      (_) =>
        'Refuses (exit 2) to remove a live lock unless `--force` is given. Leftover ' +
        '`.novel.lock.tmp-*` directories of interrupted acquisitions are removed too.',
      (_) =>
        '除非给出 `--force`，否则拒绝清除仍有效的锁（退出码 2）。' +
        '中断的加锁操作留下的 `.novel.lock.tmp-*` 目录也会一并清除。',
    ),
    'help.lock.clear.example.1': entry(
      (_) => 'Remove a stale lock',
      (_) => '清除过期的锁',
    ),
    'help.lock.clear.example.2': entry(
      (_) => 'Remove the lock even if its holder looks alive',
      (_) => '即使持有者看似还在，也清除锁',
    ),
    'help.lock.clear.--force': entry(
      (_) => 'Remove the lock even when it is live',
      (_) => '即使锁仍有效也清除',
    ),
    // novel state verify
    'help.state.verify.description': entry(
      (_) => 'Check the state against its changelog and every book file against the fingerprint',
      (_) => '按变更日志检查状态，按指纹检查每个书稿文件',
    ),
    'help.state.verify.details': entry(
      (_) =>
        [
          'Replays `state/changelog.jsonl` from the empty state and compares the result with ' +
            '`state/current-state.json` (as parsed JSON); on divergence names the first divergent ' +
            'chapter. Then re-hashes every file of the final trees against `.novel/fingerprint.json` and ' +
            'lists every changed, added or removed file (a hand edit of an old chapter shows up here).',
          '`--accept` records the current files as the fingerprint, after listing them, once you have ' +
            'confirmed the edits; a hand fix of `state/current-state.json` is recorded as an ' +
            'accepted-state line of the changelog, so that replay and `novel state rebuild` keep it. A ' +
            'project with no fingerprint yet is judged by its state alone. Exits 2 while anything diverges.',
        ].join('\n\n'),
      (_) =>
        [
          '从空状态开始重放 `state/changelog.jsonl`，把结果与 `state/current-state.json`（按解析后的 ' +
            'JSON）比较；不一致时给出最早分歧的章节。然后按 `.novel/fingerprint.json` ' +
            '重新计算书稿各文件的哈希，列出每个被改动、新增或删除的文件（手改旧章节会在这里显示出来）。',
          '`--accept` 先列出这些文件，在你确认改动之后把当前文件记为指纹；手改的 ' +
            '`state/current-state.json` 会作为一行 accepted-state 记入变更日志，重放和 `novel ' +
            'state rebuild` 都会保留它。尚无指纹的项目只检查状态。有任何不一致时退出码为 2。',
        ].join('\n\n'),
    ),
    'help.state.verify.example.1': entry(
      (_) => 'Verify',
      (_) => '检查',
    ),
    'help.state.verify.example.2': entry(
      (_) => 'Accept hand edits of book files',
      (_) => '接受对书稿文件的手工修改',
    ),
    'help.state.verify.--accept': entry(
      (_) => 'Record the current final-tree files as the fingerprint',
      (_) => '把当前的书稿文件记为指纹',
    ),
    // novel state rebuild
    'help.state.rebuild.description': entry(
      (_) => 'Rewrite state/current-state.json from the changelog',
      (_) => '按变更日志重写 state/current-state.json',
    ),
    'help.state.rebuild.details': entry(
      (_) =>
        'Replays the applied ops of `state/changelog.jsonl` from the empty state and writes the result ' +
        'atomically. Refused (exit 2) while a commit journal is pending: finish that commit first.',
      (_) =>
        '从空状态开始重放 `state/changelog.jsonl` 中已应用的操作，并原子地写出结果。' +
        '有未完成的入库日志时拒绝执行（退出码 2）：请先完成那次入库。',
    ),
    'help.state.rebuild.example.1': entry(
      (_) => 'Rebuild the state',
      (_) => '重建状态',
    ),
    // novel graph
    'help.graph.description': entry(
      (_) => 'Export the book and chapter machines as mermaid, dot or JSON',
      (_) => '把全书与章节的状态机导出为 mermaid、dot 或 JSON',
    ),
    'help.graph.details': entry(
      (_) =>
        'The graph is read from the book machine itself: the book states (planning, writing, recovering, ' +
        'retrying, complete) and the chapter pipeline inside `writing`, with every event, guard and ' +
        'action. `--highlight current` marks the state the project rests in (needs a project).',
      (_) =>
        '图直接读自全书状态机：全书的各个状态（planning、writing、recovering、retrying、' +
        'complete），以及 `writing` 中的章节流水线，含每个事件、守卫和动作。' +
        '`--highlight current` 标出项目当前所处的状态（需要在项目中运行）。',
    ),
    'help.graph.example.1': entry(
      (_) => 'Mermaid state diagram',
      (_) => 'Mermaid 状态图',
    ),
    'help.graph.example.2': entry(
      (_) => 'Graphviz, with the current state marked',
      (_) => 'Graphviz，并标出当前状态',
    ),
    'help.graph.example.3': entry(
      (_) => 'Nodes and edges as JSON',
      (_) => '以 JSON 输出节点和边',
    ),
    'help.graph.--format': entry(
      (_) => 'mermaid (default), dot or json',
      (_) => 'mermaid（默认）、dot 或 json',
    ),
    'help.graph.--highlight': entry(
      (_) => '"current": mark the state the project is in',
      (_) => '"current"：标出项目当前所处的状态',
    ),
    // novel init
    'help.init.description': entry(
      (_) => 'Create a minimal valid project',
      (_) => '新建一个最小的有效项目',
    ),
    'help.init.details': entry(
      (_) =>
        'Writes `.checkpoint.json` (volume 1 awaiting planning), `novel.config.json` with the ' +
        'defaults, an empty state, an empty foreshadowing list and empty input files. ' +
        "With --title and --author (asked for on a terminal), book.json holds the book's metadata. " +
        'Refuses when the directory already holds a project, or a book without its ' +
        'checkpoint (chapters/*.md, state/current-state.json or state/changelog.jsonl: ' +
        '`novel checkpoint rebuild` recovers that one); existing files are never overwritten.',
      (_) =>
        '写出 `.checkpoint.json`（第1卷待规划）、使用默认值的 `novel.config.json`、空状态、' +
        '空的伏笔列表和空的输入文件。给出 --title 和 --author（在终端上会询问）时，书的信息写入 book.json。' +
        '目录已经是项目，或有书稿却没有检查点（chapters/*.md、' +
        'state/current-state.json 或 state/changelog.jsonl：这种情况用 `novel checkpoint ' +
        'rebuild` 恢复）时拒绝执行；已有的文件从不覆盖。',
    ),
    'help.init.example.1': entry(
      (_) => 'Create a project in ./my-novel, with its title and author in book.json',
      (_) => '在 ./my-novel 新建项目，书名和作者写入 book.json',
    ),
    'help.init.example.2': entry(
      (_) => 'Create a project in the current directory',
      (_) => '在当前目录新建项目',
    ),
    'help.init.example.3': entry(
      (_) => 'Create the demo project (for `novel run --executor demo`)',
      (_) => '新建演示项目（供 `novel run --executor demo` 使用）',
    ),
    'help.init.--demo': entry(
      (_) => 'Create the demo project instead: 《青岚剑录》, three chapters committed, volume 1 (30 chapters) outlined',
      (_) => '改为新建演示项目：《青岚剑录》，已入库三章，第1卷（30 章）已有大纲',
    ),
    'help.init.--title': entry(
      (_) => "The book's title, into book.json (asked for on a terminal when missing)",
      (_) => '书名，写入 book.json（在终端上缺省时会询问）',
    ),
    'help.init.--author': entry(
      (_) => "The author's pen name, into book.json (asked for on a terminal when missing)",
      (_) => '作者笔名，写入 book.json（在终端上缺省时会询问）',
    ),
    'help.init.--blurb': entry(
      (_) => 'The blurb (简介), into book.json',
      (_) => '简介，写入 book.json',
    ),
    'help.init.--platform': entry(
      (_) => 'The quality preset recorded in novel.config.json: qidian, tomato or none (the demo: qidian)',
      (_) => '记入 novel.config.json 的质量预设：qidian、tomato 或 none（演示项目：qidian）',
    ),
    // novel run
    'help.run.description': entry(
      (_) => 'Drive the book end to end with an executor: plan volumes, write, judge and commit chapters',
      (_) => '用执行器从头到尾推动全书：规划各卷，写作、评审并入库各章',
    ),
    'help.run.details': entry(
      (_) =>
        [
          'Repeats what the book machine says next: plan a volume (the plot-architect, then `commit --volume`), ' +
            'execute a chapter step (the packet is written to staging/manifests/, the executor runs, retried ' +
            'per `executor.retries`), advance it, commit the chapter, or stop for a review. The run holds the ' +
            'project lock for its whole length (heartbeat) and passes its owner token as NOVEL_LOCK_OWNER to ' +
            'the executor. The project stays resumable by plain `novel next` at every instant.',
          'Executors: `demo` (offline, deterministic; NOVEL_DEMO_SCORES=3.2,4.1 scripts the judge per revision ' +
            'round), `claude` (Claude Code, `claude -p … --output-format json`), `codex` (`codex exec --json`), ' +
            'or any command template (`{packet}` becomes the packet path). Default: `executor.command` of ' +
            'novel.config.json; with neither, the run refuses (exit 2) and lists the choices — it never picks ' +
            'one (`init --demo` records `demo` in the demo project). Exit codes: 0 target reached (or paused by ' +
            '--pause-after), 10 paused for a decision, 11 executor failed after retries (orchestrator_state ' +
            'ERROR_RETRY), 12 budget reached, 2/3 as everywhere, 130/143/129 stopped by a signal.',
          'The first Ctrl-C finishes the current step and stops; a second one, ' +
            "SIGTERM or SIGHUP ends the executor's process group and exits.",
        ].join('\n\n'),
      (_) =>
        [
          '重复执行全书状态机给出的下一步：规划一卷（plot-architect，然后 `commit --volume`）、' +
            '执行章节的一步（指令包写到 staging/manifests/，执行器运行，按 `executor.retries` 重试）、登记、' +
            '把章节入库，或停下等待作者决定。运行期间一直持有项目锁（心跳），并把自己的持有者令牌作为 ' +
            'NOVEL_LOCK_OWNER 传给执行器。任何时刻都可以直接用 `novel next` 接着往下做。',
          '执行器：`demo`（离线、结果确定；NOVEL_DEMO_SCORES=3.2,4.1 按修改轮次设定评审分数）、' +
            '`claude`（Claude Code，`claude -p … --output-format json`）、`codex`（`codex exec ' +
            '--json`），或任一命令模板（`{packet}` 替换为指令包路径）。默认：novel.config.json 的 ' +
            '`executor.command`；两者都没有时拒绝运行（退出码 2）并列出可选项——novel ' +
            '从不替你选择（`init --demo` 在演示项目里记录了 `demo`）。退出码：0 达成目标（或按 ' +
            '--pause-after 暂停），10 暂停等待作者决定，11 执行器重试后仍失败（orchestrator_state ' +
            'ERROR_RETRY），12 预算用完，2/3 与其他命令相同，130/143/129 被信号中止。',
          '第一次 Ctrl-C 做完当前步骤后停下；第二次 Ctrl-C、SIGTERM 或 SIGHUP 会结束执行器的进程组并退出。',
        ].join('\n\n'),
    ),
    'help.run.example.1': entry(
      (_) => 'Write the next 3 chapters offline',
      (_) => '离线写接下来的 3 章',
    ),
    'help.run.example.2': entry(
      (_) => 'Up to chapter 10, with a script',
      (_) => '用脚本写到第10章',
    ),
    'help.run.example.3': entry(
      (_) => 'Sixty chapters across volume boundaries, reviewing each volume plan',
      (_) => '跨卷写六十章，每卷的规划都先审阅',
    ),
    'help.run.example.4': entry(
      (_) => 'Stop after every judge step',
      (_) => '每次评审之后停下',
    ),
    'help.run.--chapters': entry(
      (_) => 'How many chapters to commit (default 1)',
      (_) => '要入库多少章（默认 1）',
    ),
    'help.run.--to-chapter': entry(
      (_) => 'Run until this chapter is committed',
      (_) => '一直运行到这一章入库',
    ),
    'help.run.--until': entry(
      (_) => 'Stop before this step id',
      (_) => '在这个步骤编号之前停下',
    ),
    'help.run.--pause-after': entry(
      (_) =>
        `Comma-separated stages after which to stop: ${PAUSE_STAGES.join(', ')} ` +
        `(plan: once a volume plan is staged and valid, before its commit)`,
      (_) => `在这些阶段之后停下（逗号分隔）：${PAUSE_STAGES.join('、')}（plan：卷规划已暂存且有效、尚未入库时）`,
    ),
    'help.run.--executor': entry(
      (_) =>
        'demo, claude, codex, or a command template with {packet} (default: ' +
        'executor.command of novel.config.json; required when that is unset)',
      (_) =>
        'demo、claude、codex，或含 {packet} 的命令模板（默认：' +
        'novel.config.json 的 executor.command；未设置时必须给出）',
    ),
    'help.run.--force': entry(
      (_) => 'Re-run steps whose outputs are already present and valid',
      (_) => '产出已在且有效的步骤也重跑',
    ),
    'help.run.--verbose': entry(
      (_) => 'Also print packet paths, the prompt sent, executor durations and usage',
      (_) => '同时打印指令包路径、发送的提示词、执行器的用时与用量',
    ),
    'help.run.--events': entry(
      (_) => 'Stream one JSON line per run event',
      (_) => '每个运行事件输出一行 JSON',
    ),
    'help.run.--inspect': entry(
      (_) =>
        'Mirror the run in a live actor for the Stately inspector: --inspect ' +
        'or --inspect=ws://host:port (default ws://localhost:8080)',
      (_) =>
        '在实时 actor 中镜像本次运行，供 Stately 检视器查看：--inspect ' +
        '或 --inspect=ws://主机:端口（默认 ws://localhost:8080）',
    ),
    'help.run.--model': entry(
      (_) =>
        'The model claude or codex asks for (default: executor.model of ' +
        'novel.config.json; codex: else the model of its own config.toml)',
      (_) =>
        'claude 或 codex 使用的模型（默认：novel.config.json 的 ' +
        'executor.model；codex 另可取其自身 config.toml 中的模型）',
    ),
    'help.run.--budget-usd': entry(
      (_) => 'Stop (exit 12) once executors reported this much cost',
      (_) => '执行器报告的费用达到这个数时停下（退出码 12）',
    ),
    'help.run.--budget-tokens': entry(
      (_) => 'Stop (exit 12) once executors reported this many tokens',
      (_) => '执行器报告的 tokens 达到这个数时停下（退出码 12）',
    ),
    // novel checkpoint rebuild
    'help.checkpoint.rebuild.description': entry(
      (_) => 'Reconstruct a lost .checkpoint.json from the book',
      (_) => '从书稿重建丢失的 .checkpoint.json',
    ),
    'help.checkpoint.rebuild.details': entry(
      (_) =>
        [
          'The last committed chapter comes from `state/changelog.jsonl` (cross-checked with ' +
            '`chapters/`: missing or uncommitted chapter files are listed); the volume is the one ' +
            'that holds the next chapter (`chapters_per_volume`), written on if its outline on disk ' +
            'covers the next chapter, planned otherwise; the stage is `committed` with no chapter in ' +
            'flight. Staged outputs stay where they are: `novel next` re-derives from them.',
          'Refuses (exit 2) while a checkpoint exists, unless `--force`, which ' +
            'keeps the old one as `.checkpoint.json.bak` (or `.bak-2`, …). The ' +
            'project directory is `--project DIR` or the current directory.',
        ].join('\n\n'),
      (_) =>
        [
          '最后入库的章节取自 `state/changelog.jsonl`（并与 `chapters/` 核对：缺失或未入库的章节文件会列出来）；' +
            '卷取容纳下一章的那一卷（`chapters_per_volume`），磁盘上该卷的大纲覆盖下一章时接着写，否则待规划；' +
            '阶段为 `committed`，没有在写的章节。暂存产出原地保留：`novel next` 会据此重新推断。',
          '已有检查点时拒绝执行（退出码 2），除非加 `--force`，此时旧的检查点保留为 ' +
            '`.checkpoint.json.bak`（或 `.bak-2`，…）。项目目录为 `--project DIR` 或当前目录。',
        ].join('\n\n'),
    ),
    'help.checkpoint.rebuild.example.1': entry(
      (_) => 'Rebuild the checkpoint of the book in ./my-novel',
      (_) => '重建 ./my-novel 中书稿的检查点',
    ),
    'help.checkpoint.rebuild.example.2': entry(
      (_) => 'Replace a damaged checkpoint, keeping a backup',
      (_) => '替换损坏的检查点，并保留备份',
    ),
    'help.checkpoint.rebuild.--force': entry(
      (_) => 'Replace an existing checkpoint (kept as .checkpoint.json.bak)',
      (_) => '替换已有的检查点（旧的保留为 .checkpoint.json.bak）',
    ),
    // novel demo-executor
    'help.demo-executor.description': entry(
      (_) => 'The offline demo executor as a command-template executor, on one packet',
      (_) => '离线演示执行器，以命令模板执行器的方式处理一个指令包',
    ),
    'help.demo-executor.details': entry(
      (_) =>
        'Writes the same outputs as `novel run --executor demo` for the packet it is given, ' +
        "only under the packet's write scope, then exits. It lets the command-template " +
        'path of `novel run` be tried offline. NOVEL_DEMO_SCORES scripts the judge per ' +
        'revision round; NOVEL_DEMO_WRITE_DELAY_MS pauses between files (for kill tests).',
      (_) =>
        '为给定的指令包写出与 `novel run --executor demo` 相同的产出，只写在指令包的可写范围内，' +
        '然后退出。用它可以离线试用 `novel run` 的命令模板执行方式。NOVEL_DEMO_SCORES ' +
        '按修改轮次设定评审分数；NOVEL_DEMO_WRITE_DELAY_MS 在写各个文件之间暂停（用于强杀测试）。',
    ),
    'help.demo-executor.example.1': entry(
      (_) => 'As a command template',
      (_) => '作为命令模板',
    ),
    // novel completion
    'help.completion.description': entry(
      (_) => 'Print a shell completion script: commands, flags, choices and step ids',
      (_) => '打印 shell 补全脚本：命令、选项、可选值和步骤编号',
    ),
    'help.completion.details': entry(
      (_) =>
        [
          "Completes command names, each command's flags, the choices of `--format`, " +
            '`--executor` and `--pause-after`, and step ids (the current one from ' +
            '`novel next`, plus the chapter stages of that chapter). Install it once:',
          "- bash: `echo 'source <(novel completion bash)' >> ~/.bashrc`",
          "- zsh: `echo 'source <(novel completion zsh)' >> ~/.zshrc`",
          '- fish: `novel completion fish > ~/.config/fish/completions/novel.fish`',
        ].join('\n\n'),
      (_) =>
        [
          '补全命令名、各命令的选项、`--format`、`--executor` 与 `--pause-after` 的可选值，' +
            '以及步骤编号（`novel next` 给出的当前步骤，及该章的各个阶段）。安装一次即可：',
          "- bash：`echo 'source <(novel completion bash)' >> ~/.bashrc`",
          "- zsh：`echo 'source <(novel completion zsh)' >> ~/.zshrc`",
          '- fish：`novel completion fish > ~/.config/fish/completions/novel.fish`',
        ].join('\n\n'),
    ),
    'help.completion.example.1': entry(
      (_) => 'Enable completion in the current bash',
      (_) => '在当前的 bash 中启用补全',
    ),
    'help.completion.example.2': entry(
      (_) => 'Install for fish',
      (_) => '为 fish 安装',
    ),
    // novel chapters
    'help.chapters.description': entry(
      (_) => 'One row per committed chapter: title, 字数, score, gate, revisions, tokens, cost; and the book total',
      (_) => '每个已入库章节一行：章名、字数、分数、闸门、修改轮次、tokens、费用；以及全书合计',
    ),
    'help.chapters.details': entry(
      (_) =>
        'Rows come from the chapter logs written at commit (`logs/chapter-NNN-log.json`); the chapter texts are ' +
        'read only for chapters whose log predates the 字数 record. 字数 counts as Chinese platforms do: every ' +
        'CJK character and every full-width punctuation mark one, a Latin word or a run of digits one; the ' +
        'title line is not counted. 汉字 counts Han characters only. A cost no executor reported shows as ?.',
      (_) =>
        '各行取自入库时写下的章节日志（`logs/chapter-NNN-log.json`）；' +
        '只有日志早于字数记录的章节才会读取正文。字数按中文平台的算法：每个汉字和每个全角标点算一个，' +
        '一个拉丁单词或一串数字算一个；标题行不计。汉字只计汉字。没有执行器报告的费用显示为 ?。',
    ),
    'help.chapters.example.1': entry(
      (_) => 'The whole book',
      (_) => '全书',
    ),
    'help.chapters.example.2': entry(
      (_) => 'Chapters 100 to 200 as JSON',
      (_) => '以 JSON 输出第100到200章',
    ),
    'help.chapters.--from': entry(
      (_) => 'First chapter (default 1)',
      (_) => '起始章（默认 1）',
    ),
    'help.chapters.--to': entry(
      (_) => 'Last chapter (default the last committed)',
      (_) => '结束章（默认最后入库的一章）',
    ),
    // novel lint
    'help.lint.description': entry(
      (_) =>
        'Measure a chapter or any text file: the AI-flavour score, clichés, 字数 against ' +
        "the platform's range, repeated openings, patterns, paragraphs, title",
      (_) => '检查一章或任一文本文件：AI味评分、套话、字数是否在平台范围内、重复的开头、句式、段落、标题',
    ),
    'help.lint.details': entry(
      (_) =>
        [
          '`novel lint chapter:NNN` lints the staged chapter while it is in flight, else the committed one. `novel ' +
            "lint FILE` lints any text file (a chapter written elsewhere, a sample) with the project's settings, " +
            'as if it were the next chapter (outside any project: the defaults and the shipped lexicon). The ' +
            "project's own chapter file (chapters/chapter-001.md, or the staged chapter in flight) is linted as " +
            'that chapter, as `novel lint chapter:NNN` does.',
          'The settings are `quality` in novel.config.json (platform presets qidian, tomato, none; ' +
            "`quality.ai_flavour.soft`/`hard` for the score's thresholds); the word lists are " +
            'cliche-lint.json (without one, the shipped lexicon), ai-blacklist.json (its whitelist ' +
            "masked only where it stands alone) and the cast's names (never counted as sentence " +
            "openings). With the book's shingle index it also finds a passage of 50 字 or more that " +
            'stands in an earlier chapter (`repeated_passage`) and a chapter that shares 30 % of its ' +
            'shingles with one earlier chapter (`recycled_chapter`), both hard. Each finding names the ' +
            'rule, its severity (hard findings make the gate revise), the line, an excerpt and the fix, ' +
            'in Chinese under zh_* or --lang zh. The same text and settings always give the same report.',
        ].join('\n\n'),
      (_) =>
        [
          '`novel lint chapter:NNN` 在章节写作中时检查暂存区中的稿子，否则检查已入库的版本。' +
            '`novel lint 文件` 用项目的设置检查任一文本文件（别处写的章节、' +
            '样章），当作下一章来检查（不在项目中时：用默认设置和自带词库）。' +
            '项目自己的章节文件（chapters/chapter-001.md，或写作中的章节在暂存区的稿子）按它所属的那一章检查，' +
            '与 `novel lint chapter:NNN` 相同。',
          '设置取自 novel.config.json 的 `quality`（平台预设 qidian、tomato、none；' +
            '`quality.ai_flavour.soft`/`hard` 是评分的阈值）；词表为 cliche-lint.json（没有时用自带词库）、' +
            'ai-blacklist.json（其白名单只在单独出现时屏蔽）以及人物名（从不算作句首）。有全书的 shingle 索引时，' +
            '还会找出与前面某章相同的 50 字以上的段落（`repeated_passage`），以及与前面某一章共有 30 % shingle ' +
            '的章节（`recycled_chapter`），两者都算硬伤。每条发现给出规则、严重程度（硬伤会让闸门判定修改）、' +
            '行号、摘录和改法，在 zh_* 或 --lang zh 下用中文。同样的文本和设置总是给出同样的报告。',
        ].join('\n\n'),
    ),
    'help.lint.example.1': entry(
      (_) => 'Lint chapter 12',
      (_) => '检查第12章',
    ),
    'help.lint.example.2': entry(
      (_) => 'Lint a text written elsewhere',
      (_) => '检查在别处写的文本',
    ),
    'help.lint.example.3': entry(
      (_) => 'The report as JSON',
      (_) => '以 JSON 输出报告',
    ),
    // novel quality eval
    'help.quality.eval.description': entry(
      (_) => 'Measure how well the AI-flavour score tells AI chapters from human ones, on folders of text files',
      (_) => '在文本文件夹上衡量 AI味评分区分 AI 章节与人写章节的能力',
    ),
    'help.quality.eval.details': entry(
      (_) =>
        [
          'Lints every .txt and .md file of both folders and prints n, the AUC of the ' +
            'AI-flavour score with its bootstrap 95 % interval, precision and recall at the ' +
            "soft and hard thresholds (the project's `quality.ai_flavour` when run in a " +
            "project, else the shipped model's), and each feature's own AUC and hit rates.",
          "`--by-source` also runs leave-one-source-out: for each source (a file's name without its " +
            'trailing `-NNN`, e.g. `mymodel-012.txt` → `mymodel`) the model is fitted again ' +
            'without it and scored on it, against every text of the other class. Run it on your ' +
            'own chapters against drafts of your model to set `quality.ai_flavour.soft` and `hard`.',
        ].join('\n\n'),
      (_) =>
        [
          '检查两个文件夹中的每个 .txt 和 .md 文件，打印 n、AI味评分的 AUC 及其自助法 95 % ' +
            '区间、在软阈值和硬阈值下的精确率与召回率（在项目中运行时用项目的 ' +
            '`quality.ai_flavour`，否则用自带模型的阈值），以及每个特征各自的 AUC 与命中率。',
          '`--by-source` 还会做留一来源验证：对每个来源（去掉末尾 `-NNN` 的文件名，如 `mymodel-012.txt` ' +
            '→ `mymodel`），不用它重新拟合模型，再对它打分，与另一类的全部文本对照。' +
            '用你自己的章节对照你的模型写的草稿运行它，来设定 `quality.ai_flavour.soft` 和 `hard`。',
        ].join('\n\n'),
    ),
    'help.quality.eval.example.1': entry(
      (_) => "Your chapters against your model's drafts",
      (_) => '你的章节对照你的模型写的草稿',
    ),
    'help.quality.eval.example.2': entry(
      (_) => 'Leave one source out, as JSON',
      (_) => '留一来源，以 JSON 输出',
    ),
    'help.quality.eval.--ai': entry(
      (_) => 'Folder of AI-written chapters (.txt, .md)',
      (_) => 'AI 写的章节所在的文件夹（.txt、.md）',
    ),
    'help.quality.eval.--human': entry(
      (_) => 'Folder of human-written chapters (.txt, .md)',
      (_) => '人写的章节所在的文件夹（.txt、.md）',
    ),
    'help.quality.eval.--by-source': entry(
      (_) => 'Also leave each source out: refit without it, score it',
      (_) => '同时逐个留出来源：不用它重新拟合，再给它打分',
    ),
    // novel continuity bench
    'help.continuity.bench.description': entry(
      (_) =>
        "Plant contradictions of each kind into copies of a book's chapters and report what the continuity checks find",
      (_) => '在书中各章的副本里植入各类矛盾，报告连续性检查查出了多少',
    ),
    'help.continuity.bench.details': entry(
      (_) =>
        [
          'For every committed chapter, a copy is made (its text, its delta and the state before it, ' +
            'replayed from `state/changelog.jsonl`) and one contradiction of each kind is planted into ' +
            'it: a dead character acting, a realm going down, a destroyed item used, story_day going ' +
            'back, one path set twice, a name one character off, a resolved foreshadowing item reopened. ' +
            'Prints, per kind, how many were planted and found (recall) and how many findings were not ' +
            "planted (precision); the book's own chapters count toward precision. Nothing is written.",
          'Without `--project` (and outside a project), the demo book novel ships is measured.',
        ].join('\n\n'),
      (_) =>
        [
          '对每个已入库章节做一份副本（正文、delta 及它之前的状态，由 `state/changelog.jsonl` 重放得到），' +
            '在其中各植入一处每类矛盾：已死的人物出场、境界倒退、已毁的物品再被使用、story_day 倒退、' +
            '同一路径设两次、名字错一个字、已回收的伏笔重开。按类别打印植入并查出的数目（召回）' +
            '和并非植入的发现数（精确）；原书各章也计入精确。不写任何文件。',
          '不给 `--project`（且不在项目中）时，衡量 novel 自带的演示书。',
        ].join('\n\n'),
    ),
    'help.continuity.bench.example.1': entry(
      (_) => 'The demo book',
      (_) => '演示书',
    ),
    'help.continuity.bench.example.2': entry(
      (_) => 'Your book, as JSON',
      (_) => '你的书，以 JSON 输出',
    ),
    'help.continuity.bench.--seed': entry(
      (_) => 'Seed of the planting, a whole number ≥ 1 (the same seed plants the same contradictions; default 1)',
      (_) => '植入的种子，≥ 1 的整数（同一种子植入同样的矛盾；默认 1）',
    ),
    // novel doctor
    'help.doctor.description': entry(
      (_) => 'Every consistency check in one report, each finding with the command that fixes it',
      (_) => '一份报告包含所有一致性检查，每条发现都附上修复它的命令',
    ),
    'help.doctor.details': entry(
      (_) =>
        'Checks the checkpoint against the book, every book file against the fingerprint (a full re-hash, as ' +
        '`state verify`), the state against its changelog, a pending commit journal, the lock and its ' +
        'leftovers, an interrupted execution, staging files that belong to no step, the outline and contracts ' +
        'of the next chapters, the config, and whether `claude` and `codex` are on PATH (and their versions). ' +
        'Only reads; each fix is its own command. Exit 0 when healthy (info findings only), 2 otherwise.',
      (_) =>
        '检查检查点与书稿是否一致、每个书稿文件与指纹（完整地重新计算哈希，同 `state verify`）、' +
        '状态与其变更日志、未完成的入库日志、锁及其残留、中断的执行、不属于任何步骤的暂存文件、' +
        '接下来各章的大纲与契约、配置，以及 `claude` 和 `codex` 是否在 PATH 中（及其版本）。' +
        '只读；每个修复都是单独的命令。健康（只有提示类发现）时退出码为 0，否则为 2。',
    ),
    'help.doctor.example.1': entry(
      (_) => 'Check the project',
      (_) => '检查项目',
    ),
    'help.doctor.example.2': entry(
      (_) => 'As JSON',
      (_) => '以 JSON 输出',
    ),
    // novel diff
    'help.diff.description': entry(
      (_) => 'Compare two drafts of a chapter: the rounds its judge scored, and the chapter as it stands',
      (_) => '比较一章的两稿：评审打过分的各轮，以及当前的章节',
    ),
    'help.diff.details': entry(
      (_) =>
        'Each revision round keeps the chapter the judge scored in ' +
        '`staging/revisions/chapter-NNN/round-K/chapters/`; round K is that chapter, and the chapter ' +
        'as it stands now (staged, or committed) is the round after the last one kept. Without ' +
        '`--round`, the last two rounds are compared; one `--round A` compares A with the latest.',
      (_) =>
        '每一轮修改都把评审打分的那一稿保存在 `staging/revisions/chapter-NNN/round-K/chapters/' +
        '`；第 K 轮就是那一稿，而当前的章节（暂存区中的或已入库的）是最后保存的一轮之后的那一轮。' +
        '不加 `--round` 时比较最后两轮；给一个 `--round A` 时比较 A 与最新的一轮。',
    ),
    'help.diff.example.1': entry(
      (_) => 'The last two drafts of chapter 4',
      (_) => '第4章的最后两稿',
    ),
    'help.diff.example.2': entry(
      (_) => 'Round 1 against round 2',
      (_) => '第1轮对比第2轮',
    ),
    'help.diff.--round': entry(
      (_) => 'A round to compare (give it once or twice)',
      (_) => '要比较的轮次（给一次或两次）',
    ),
    // novel export
    'help.export.description': entry(
      (_) => 'Export the committed chapters as one txt, Markdown or EPUB 3 file',
      (_) => '把已入库的章节导出为一个 txt、Markdown 或 EPUB 3 文件',
    ),
    'help.export.details': entry(
      (_) =>
        [
          'Only committed chapters, in order, with their titles; volume headings come from the volume outlines ' +
            '(their first `# ` line). The title and author come from book.json, else novel.config.json (`title`, ' +
            '`author`), else brief.md (its 《书名》 heading and a 作者： line); the language from `language` ' +
            '(default zh-CN).',
          '- txt: UTF-8, the format Chinese platforms take for uploads (`--crlf` for CRLF line ends);',
          '- md: one Markdown file;',
          '- epub: EPUB 3 with a navigation document listing every chapter, a stable ' +
            'identifier per book, and `dcterms:modified` from the last commit.',
          'The same book always gives the same bytes. Export only reads the book: it may run while ' +
            'a chapter is in flight. The default output is export/novel.<format> in the project.',
          '--upload writes upload-ready files instead, into the folder --out names: chapter-NNN.txt per chapter ' +
            '(the title line 第N章 标题, no Markdown, each paragraph indented with two U+3000; a blank line between ' +
            'paragraphs, one line break on tomato), and chapter-NNN-author.txt with its 作者的话 from ' +
            'notes/chapter-NNN-author.md. A sensitive word, or a title the platform refuses, stops it with nothing ' +
            'written.',
        ].join('\n\n'),
      (_) =>
        [
          '只导出已入库的章节，按顺序，带章名；卷标题取自卷大纲（其第一行 `# `）。书名与作者取自 book.json，其次 ' +
            'novel.config.json（`title`、`author`），否则取自 brief.md（其中的《书名》' +
            '标题和「作者：」一行）；语言取自 `language`（默认 zh-CN）。',
          '- txt：UTF-8，中文平台上传所用的格式（`--crlf` 使用 CRLF 换行）；',
          '- md：一个 Markdown 文件；',
          '- epub：EPUB 3，带列出每一章的导航文档、每本书固定的标识符，以及取自最后一次入库的 `dcterms:modified`。',
          '同一本书总是导出相同的字节。导出只读书稿：可以在章节写作中运行。默认输出到项目中的 export/novel.<格式>。',
          '--upload 改为把可直接上传的文件写入 --out 指定的文件夹：每章一个 chapter-NNN.txt（标题行「第N章 标题」，' +
            '无 Markdown，每段以两个全角空格缩进；段间空一行，番茄为单换行），作者的话（取自 ' +
            'notes/chapter-NNN-author.md）单独写入 chapter-NNN-author.txt。含敏感词或标题不合平台规则时不写任何文件。',
        ].join('\n\n'),
    ),
    'help.export.example.1': entry(
      (_) => 'The whole book as EPUB',
      (_) => '全书导出为 EPUB',
    ),
    'help.export.example.2': entry(
      (_) => 'Volume 2 as txt with CRLF line ends',
      (_) => '第2卷导出为 CRLF 换行的 txt',
    ),
    'help.export.example.3': entry(
      (_) => 'Chapters 1–100 as Markdown',
      (_) => '第1–100章导出为 Markdown',
    ),
    'help.export.--format': entry(
      (_) => 'txt, md or epub',
      (_) => 'txt、md 或 epub',
    ),
    'help.export.--volume': entry(
      (_) => 'Only this volume',
      (_) => '只导出这一卷',
    ),
    'help.export.--chapters': entry(
      (_) => 'Only chapters A-B',
      (_) => '只导出第 A-B 章',
    ),
    'help.export.--out': entry(
      (_) => 'Output file (default: export/novel.<format> in the project)',
      (_) => '输出文件（默认：项目中的 export/novel.<格式>）',
    ),
    'help.export.--crlf': entry(
      (_) => 'txt: CRLF line ends',
      (_) => 'txt：使用 CRLF 换行',
    ),
    'help.export.--upload': entry(
      (_) => 'Upload-ready files, one per chapter, and each 作者的话 apart, into the folder --out names',
      (_) => '写出可直接上传的文件：每章一个，作者的话单独一个，放进 --out 指定的文件夹',
    ),
    'help.export.--from': entry(
      (_) => 'With --upload: the first chapter (default 1)',
      (_) => '与 --upload 一起用：起始章（默认 1）',
    ),
    'help.export.--to': entry(
      (_) => 'With --upload: the last chapter (default the last committed)',
      (_) => '与 --upload 一起用：结束章（默认最后入库的一章）',
    ),
    'help.export.example.4': entry(
      (_) => 'Chapters 41–45 ready to paste into the platform, with their 作者的话',
      (_) => '第41–45章的上传文件，连同作者的话',
    ),
    'help.export.--force': entry(
      (_) => "--out may replace an existing file (never the book, its settings or novel's own files)",
      (_) => '--out 可以替换已有的文件（书稿、设定和 novel 自己的文件除外）',
    ),
    // novel schema
    'help.schema.description': entry(
      (_) => 'Print the format of a file an executor writes: its JSON Schema, or the rules of a text file',
      (_) => '打印执行器所写文件的格式：JSON Schema，或文本文件的规则',
    ),
    'help.schema.details': entry(
      (_) =>
        'Without a name, lists every format: its name, where the file goes and which agent writes it. With a name, ' +
        'prints the JSON Schema (draft-07) of a JSON format, or the rules and an example of a text format ' +
        '(chapter, summary, storyline memory, outline). The same formats, with examples, are in docs/formats.md.',
      (_) =>
        '不带名称时列出所有格式：名称、文件的位置，以及由哪个代理写出。带名称时，打印 ' +
        'JSON 格式的 JSON Schema（draft-07），或文本格式（章节、摘要、故事线记忆、' +
        '大纲）的规则和示例。同样的格式及示例也在 docs/formats.md 中。',
    ),
    'help.schema.example.1': entry(
      (_) => 'List the formats',
      (_) => '列出所有格式',
    ),
    'help.schema.example.2': entry(
      (_) => 'The JSON Schema of an evaluation',
      (_) => '评审结果的 JSON Schema',
    ),
    'help.schema.example.3': entry(
      (_) => 'The rules of a volume outline',
      (_) => '卷大纲的规则',
    ),
    // novel import
    'help.import.description': entry(
      (_) => 'Make a project from an existing book: a TXT split at its chapter headings, or a folder of chapter files',
      (_) => '从已有的书建立项目：按章节标题切分的 TXT，或一个放章节文件的文件夹',
    ),
    'help.import.details': entry(
      (_) =>
        [
          "The text's encoding is detected (UTF-8 with or without BOM, UTF-16, GBK/GB18030). A TXT is " +
            'split at chapter headings — `第12章`, `第十二章`, `第一百零二章`, full-width digits — alone ' +
            'on their line or followed by whitespace and a title; a heading whose number does not go on ' +
            'the ascending sequence is prose (a line like `第3章节奏说明` is never a heading). A folder ' +
            'takes one chapter per .txt or .md file, in the order of the numbers in their names.',
          'The project is `--project DIR` (created when missing; an `init`ed project without chapters is used as it ' +
            'is); a project that has chapters is refused. The chapters go to `chapters/chapter-NNN.md` with their ' +
            'headings as `# ` titles, recorded as committed; the report (chapters, 字数, encoding, the lines that ' +
            'looked like headings but were kept as prose) is printed and written to `logs/import-report.json`.',
        ].join('\n\n'),
      (_) =>
        [
          '自动识别文本编码（带或不带 BOM 的 UTF-8、UTF-16、GBK/GB18030）。TXT 按章节标题切分——`第12章`、`第十二章`、' +
            '`第一百零二章`、全角数字——标题单独成行，或后接空白和章名；章号接不上递增序列的标题按正文处理（像 ' +
            '`第3章节奏说明` 这样的行从不算标题）。文件夹中每个 .txt 或 .md 文件算一章，按文件名中的数字排序。',
          '项目为 `--project DIR`（不存在时新建；用 `init` 新建、还没有章节的项目照原样使用）；' +
            '已有章节的项目会被拒绝。各章写到 `chapters/chapter-NNN.md`，标题改为 `# ` 开头，记为已入库；' +
            '报告（章数、字数、编码、看似标题但按正文保留的行）会打印出来，并写到 `logs/import-report.json`。',
        ].join('\n\n'),
    ),
    'help.import.example.1': entry(
      (_) => 'Import a GBK TXT into a new project',
      (_) => '把 GBK 编码的 TXT 导入新项目',
    ),
    'help.import.example.2': entry(
      (_) => 'Import a folder of chapter files',
      (_) => '导入一个放章节文件的文件夹',
    ),
    // novel rewind
    'help.rewind.description': entry(
      (_) => 'Go back to before a chapter: it and every later one are drafted again',
      (_) => '回到某一章之前：这一章及其后各章都要重新起草',
    ),
    'help.rewind.details': entry(
      (_) =>
        [
          'Moves chapters ≥ NNN (the chapter, its summary, evaluations, crossref and logs) and anything staged to ' +
            '`staging/revisions/rewind-K/`, replays the state from the changelog up to chapter NNN−1 and gives the ' +
            'foreshadowing, the storyline memories and the memory ledger back the text they had after it (each ' +
            'commit keeps what it replaced in `.novel/history/`), cuts the changelog back (the cut lines are kept ' +
            'in the rewind folder), moves aside the plans of volumes that start after chapter NNN (a rewind to a ' +
            "volume's first chapter keeps its plan) and sets the checkpoint to draft chapter NNN, in the volume " +
            'that holds it, with `--note` for the writer (`inline.author_note` of the next draft packet).',
          'Crash-safe like a commit: a journal first, applied idempotently; a kill at ' +
            'any point is rolled forward by the next mutating command. Refused while ' +
            'the lock is held. `--dry-run` prints what would move and changes nothing.',
        ].join('\n\n'),
      (_) =>
        [
          '把第 NNN 章及以后各章（正文、摘要、评审、crossref 和日志）以及暂存区的一切移到 ' +
            '`staging/revisions/rewind-K/`；按变更日志重放状态到第 NNN−1 章；把伏笔、' +
            '故事线记忆和记忆台账恢复为那一章入库之后的内容（每次入库都在 `.novel/history/` ' +
            '保存被替换的内容）；截短变更日志（截去的行保存在回退目录中）；把在第 NNN ' +
            '章之后才开始的各卷规划移开（回退到某卷第一章时保留该卷的规划）；并把检查点设为在包含第 NNN ' +
            '章的那一卷中起草第 NNN 章，`--note` 交给写手（下一份起草指令包的 `inline.author_note`）。',
          '与入库一样崩溃安全：先写日志，再幂等地应用；任何时刻被杀掉，下一个写入命令都会把它补完。' +
            '持有锁时拒绝执行。`--dry-run` 打印将要移动的内容，不做任何改动。',
        ].join('\n\n'),
    ),
    'help.rewind.example.1': entry(
      (_) => 'Redo chapters 38 onward',
      (_) => '从第38章起重写',
    ),
    'help.rewind.example.2': entry(
      (_) => 'See what would move',
      (_) => '查看将要移动什么',
    ),
    'help.rewind.--to': entry(
      (_) => 'The first chapter to draft again (chapter:NNN, or its number)',
      (_) => '第一个要重新起草的章节（chapter:NNN，或直接写章号）',
    ),
    'help.rewind.--note': entry(
      (_) => 'Your words for the writer of the redraft (inline.author_note)',
      (_) => '给重写的写手的话（inline.author_note）',
    ),
    'help.rewind.--force': entry(
      (_) => 'Rewind even to a chapter already published (novel publish)',
      (_) => '即使回退到已发布的章节也执行（novel publish）',
    ),
    'help.rewind.--dry-run': entry(
      (_) => 'Print the plan; change nothing',
      (_) => '打印计划，不做任何改动',
    ),
    // novel publish
    'help.publish.description': entry(
      (_) => 'Record the chapters published on the platform: what is left is 存稿',
      (_) => '记录已在平台发布的章节：其余已入库的即为存稿',
    ),
    'help.publish.details': entry(
      (_) =>
        [
          'Appends one line per chapter to `publishing/published.jsonl`: the chapter, the date and the sha256 of ' +
            'its text. `--through N` records every committed chapter up to N not published yet (or changed since ' +
            'it was); `--chapter N` one chapter. A chapter not committed is refused, and so is one holding a word ' +
            'of `sensitive-words.json`, naming it: nothing is recorded then. `status` shows the chapters published, ' +
            'the 存稿 (committed, not published) and the days of buffer at the recent daily rate, and names a ' +
            'published chapter changed since (published_changed); `rewind` refuses to go before the last ' +
            'published chapter without `--force`.',
        ].join('\n'),
      (_) =>
        [
          '每章向 `publishing/published.jsonl` 追加一行：章号、日期和正文的 sha256。`--through N` 记录到第 N 章为止' +
            '所有尚未发布（或发布后又改动）的已入库章节；`--chapter N` 只记录一章。未入库的章节会被拒绝，含有 ' +
            '`sensitive-words.json` 中词语的章节也会被拒绝并指明该词：此时不记录任何内容。`status` 显示已发布章数、' +
            '存稿（已入库未发布）和按近日发布速度可更的天数，并指出发布后又改动的章节（published_changed）；' +
            '`rewind` 不加 `--force` 不会回退到最后发布的章节之前。',
        ].join('\n'),
    ),
    'help.publish.example.1': entry(
      (_) => 'Chapters up to 12 went up today',
      (_) => '今天已发布到第12章',
    ),
    'help.publish.example.2': entry(
      (_) => 'One chapter, on a given day',
      (_) => '某一天发布了一章',
    ),
    'help.publish.--through': entry(
      (_) => 'Every committed chapter up to N not published yet',
      (_) => '到第 N 章为止所有尚未发布的已入库章节',
    ),
    'help.publish.--chapter': entry(
      (_) => 'One chapter',
      (_) => '只记录一章',
    ),
    'help.publish.--date': entry(
      (_) => 'The day it was published, YYYY-MM-DD (default: today on this machine)',
      (_) => '发布日期 YYYY-MM-DD（默认：本机今天）',
    ),
    // novel serve
    'help.serve.description': entry(
      (_) => 'A read-only web dashboard of the book: live progress, 字数 and scores, 伏笔, characters, the machines',
      (_) => '全书的只读网页仪表盘：实时进度、字数与分数、伏笔、人物、状态机',
    ),
    'help.serve.details': entry(
      (_) =>
        [
          'Serves the page and its JSON API (docs/serve.md) until Ctrl-C. It only reads the project, ' +
            'so it may run beside `novel run`: each step, advance and commit appears within a second.',
          'It listens on 127.0.0.1 (loopback) unless `--host` says otherwise; another host needs ' +
            '`--token T`, and every request then carries it (`?token=T` or `Authorization: Bearer ' +
            'T`). `--port 0` takes any free port. `--open` opens the page in the default browser.',
        ].join('\n\n'),
      (_) =>
        [
          '提供页面及其 JSON API（docs/serve.md），直到按下 Ctrl-C。它只读项目，所以可以与 ' +
            '`novel run` 同时运行：每一步、每次登记和入库都会在一秒内显示出来。',
          '除非 `--host` 另行指定，否则只监听 127.0.0.1（本机回环）；其他地址需要 ' +
            '`--token T`，此后每个请求都要带上它（`?token=T` 或 `Authorization: Bearer ' +
            'T`）。`--port 0` 任选一个空闲端口。`--open` 在默认浏览器中打开页面。',
        ].join('\n\n'),
    ),
    'help.serve.example.1': entry(
      (_) => 'Serve the book on http://127.0.0.1:4477/',
      (_) => '在 http://127.0.0.1:4477/ 提供全书页面',
    ),
    'help.serve.example.2': entry(
      (_) => 'On the local network, with a token',
      (_) => '在局域网上提供，带令牌',
    ),
    'help.serve.--port': entry(
      (_) => 'Port to listen on (0: any free port)',
      (_) => '监听的端口（0：任一空闲端口）',
    ),
    'help.serve.--host': entry(
      (_) => 'Address to listen on (loopback by default)',
      (_) => '监听的地址（默认本机回环）',
    ),
    'help.serve.--token': entry(
      (_) => 'Required of every request; needed for a host other than loopback',
      (_) => '每个请求都必须带上；监听非本机地址时必需',
    ),
    'help.serve.--open': entry(
      (_) => 'Open the page in the default browser',
      (_) => '在默认浏览器中打开页面',
    ),
    // novel adapters install
    'help.adapters.install.description': entry(
      (_) => 'Copy the Claude Code or Codex adapter files into the project',
      (_) => '把 Claude Code 或 Codex 的适配文件复制到项目中',
    ),
    'help.adapters.install.details': entry(
      (_) =>
        [
          '`claude`: the subagents (chapter-writer, summarizer, style-refiner, quality-judge, ' +
            'plot-architect, and the setup agents world-builder, character-weaver, style-analyzer) into ' +
            '`.claude/agents/` and the `/novel-step` skill into `.claude/skills/novel-step/` (it may run ' +
            '`novel` commands, read, and edit under `staging/` only, so it runs in `claude -p` without ' +
            'prompts). `codex`: the `novel` skill with the eight agent briefs as `references/<agent>.md` ' +
            'into `.agents/skills/novel/` (run Codex from the project root). Each runs one pipeline step ' +
            'from its packet, advances it once it validates, and stops for review.',
          'A file you edited is never overwritten: it is kept and reported.',
        ].join('\n\n'),
      (_) =>
        [
          '`claude`：把子代理（chapter-writer、summarizer、style-refiner、quality-judge、plot-architect，' +
            '以及设定代理 world-builder、character-weaver、style-analyzer）复制到 `.claude/agents/`，把 ' +
            '`/novel-step` 技能复制到 `.claude/skills/novel-step/`（它可以运行 `novel` 命令、读取文件，且只在 ' +
            '`staging/` 下编辑，因此在 `claude -p` 中无需确认即可运行）。`codex`：把 `novel` ' +
            '技能连同八个代理的说明（`references/<agent>.md`）复制到 `.agents/skills/novel/`（请在项目根目录运行 ' +
            'Codex）。每个都按指令包运行流水线的一步，校验通过后登记，然后停下等待审阅。',
          '你改过的文件从不覆盖：保留原样并报告出来。',
        ].join('\n\n'),
    ),
    'help.adapters.install.example.1': entry(
      (_) => 'Install the Claude Code adapters',
      (_) => '安装 Claude Code 适配文件',
    ),
    'help.adapters.install.example.2': entry(
      (_) => 'Install the Codex skill',
      (_) => '安装 Codex 技能',
    ),
  }),
  // ---- the commands' refusals and report lines ----
  cmd: () => ({
    // shared
    'cmd.example': entry<{ example: string }>(
      (a) => `e.g. ${a.example}`,
      (a) => `例如 ${a.example}`,
    ),
    'cmd.step_invalid': entry<{ value: string; reason: string }>(
      (a) => `step "${a.value}": ${a.reason}`,
      (a) => `步骤编号 "${a.value}" 无效：${a.reason}`,
    ),
    'cmd.chapter_ref_invalid': entry<{ value: string; reason: string }>(
      (a) => `"${a.value}": ${a.reason}`,
      (a) => `"${a.value}"：${a.reason}`,
    ),
    'cmd.warning': entry<{ text: string }>(
      (a) => `warning: ${a.text}`,
      (a) => `警告：${a.text}`,
    ),
    'cmd.internal': entry<{ message: string }>(
      (a) => `internal error: ${a.message}`,
      (a) => `内部错误：${a.message}`,
    ),
    'cmd.internal.stack': entry(
      (_) => 'see the stack trace on stderr',
      (_) => '调用栈见标准错误输出',
    ),
    'cmd.internal.report': entry(
      (_) => 'set NOVEL_DEBUG=1 to see a stack trace, and report it',
      (_) => '设置 NOVEL_DEBUG=1 可看到调用栈，请报告这个问题',
    ),
    'cmd.fs_refused': entry<{ path: string; why: string; syscall: string; step: string | null }>(
      (a) =>
        `${a.path}: ${a.why} (${a.syscall})` +
        `${a.step ? `: refused inside ${a.step}, where a command may only read` : ''}`,
      (a) => `${a.path}：${a.why}（${a.syscall}）` + `${a.step ? `：在 ${a.step} 中被拒绝，这里的命令只能读取` : ''}`,
    ),
    'cmd.fs_refused.hint': entry(
      (_) => 'check the path and its permissions (and the free space), then retry',
      (_) => '检查这个路径及其权限（以及剩余空间），然后重试',
    ),
    'cmd.system.read_only': entry(
      (_) => 'the file system is read-only here',
      (_) => '这里的文件系统是只读的',
    ),
    'cmd.system.access': entry(
      (_) => 'permission denied',
      (_) => '没有权限',
    ),
    'cmd.system.perm': entry(
      (_) => 'operation not permitted',
      (_) => '不允许这个操作',
    ),
    'cmd.system.no_space': entry(
      (_) => 'no space left on the device',
      (_) => '磁盘空间已满',
    ),
    'cmd.system.quota': entry(
      (_) => 'the disk quota is exhausted',
      (_) => '磁盘配额已用完',
    ),
    // novel run
    'cmd.run.chapters_or_to_chapter': entry(
      (_) => 'pass --chapters or --to-chapter, not both',
      (_) => '--chapters 和 --to-chapter 只能用一个',
    ),
    'cmd.run.until_invalid': entry<{ until: string; reason: string }>(
      (a) => `--until ${a.until}: ${a.reason}`,
      (a) => `--until ${a.until}：${a.reason}`,
    ),
    'cmd.run.model_needs_agent': entry<{ executor: string }>(
      (a) => `--model applies to --executor claude or codex, not ${a.executor}`,
      (a) => `--model 只用于 --executor claude 或 codex，不适用于 ${a.executor}`,
    ),
    'cmd.run.budget_tokens': entry(
      (_) => 'add --budget-tokens <n> (Codex reports tokens), or use --executor claude for a dollar budget',
      (_) => '加上 --budget-tokens <n>（Codex 报告 tokens），或用 --executor claude 按美元控制预算',
    ),
    // novel doctor
    'cmd.doctor.finding': entry<{ severity: string; code: string; file: string | null; message: string }>(
      (a) => `${a.severity.padEnd(7)} ${a.code}${a.file ? ` ${a.file}` : ''}: ${a.message}`,
      (a) => `${a.severity.padEnd(4)} ${a.code}${a.file ? ` ${a.file}` : ''}：${a.message}`,
    ),
    'cmd.doctor.problems': entry<{ problems: string; root: string }>(
      (a) => `${a.problems}: ${a.root}`,
      (a) => `${a.problems}：${a.root}`,
    ),
    // novel lint
    'cmd.lint.ref_hint': entry(
      (_) => 'e.g. novel lint chapter:012, or novel lint FILE',
      (_) => '例如 novel lint chapter:012，或 novel lint 文件路径',
    ),
    'cmd.lint.not_a_file': entry<{ target: string }>(
      (a) => `${a.target}: not a regular text file`,
      (a) => `${a.target}：不是普通文本文件`,
    ),
    'cmd.lint.not_a_file.hint': entry(
      (_) => 'give chapter:NNN or the path of a text file',
      (_) => '请给出 chapter:NNN 或一个文本文件的路径',
    ),
    // novel decide
    'cmd.decide.invalid': entry<{ value: string; choices: string }>(
      (a) => `decision "${a.value}": expected one of ${a.choices}`,
      (a) =>
        `决定 "${a.value}" 无效：应为 ${a.choices
          .split(', ')
          .map((c) => (DECISION_ZH[c] ? `${c}（${DECISION_ZH[c]}）` : `${c} `))
          .join('、')}之一`,
    ),
    // novel diff
    'cmd.diff.no_rounds': entry<{ chapter: number; drafts: number }>(
      (a) => `chapter ${a.chapter}: ${Number(a.drafts) === 0 ? 'no draft' : 'one draft only'}; a diff needs two rounds`,
      (a) => `第${a.chapter}章：${Number(a.drafts) === 0 ? '没有草稿' : '只有一稿'}；比较需要两稿`,
    ),
    'cmd.diff.no_rounds.hint': entry(
      (_) => 'rounds are kept when a revision starts (the gate decides revise, or `novel decide … revise`)',
      (_) => '修改开始时会保留上一稿（闸门判定 revise，或 `novel decide … revise`）',
    ),
    'cmd.diff.round_unknown': entry<{ round: string; rounds: string }>(
      (a) => `--round ${a.round}: expected one of ${a.rounds}`,
      (a) => `--round ${a.round}：应为 ${listZh(a.rounds)} 之一`,
    ),
    'cmd.diff.round_twice': entry(
      (_) => '--round: give it at most twice',
      (_) => '--round 最多给两次',
    ),
    'cmd.diff.summary': entry<{ from: number; to: number; added: number; removed: number }>(
      (a) => `(round ${a.from} → round ${a.to}: +${a.added} −${a.removed} line(s))`,
      (a) => `（第 ${a.from} 轮 → 第 ${a.to} 轮：+${a.added} −${a.removed} 行）`,
    ),
    // novel chapters
    'cmd.chapters.from_after_to': entry<{ from: number; to: number }>(
      (a) => `--from ${a.from} is after --to ${a.to}`,
      (a) => `--from ${a.from} 在 --to ${a.to} 之后`,
    ),
    // novel schema
    'cmd.schema.unknown': entry<{ name: string; formats: string }>(
      (a) => `schema ${a.name}: no such format; expected one of ${a.formats}`,
      (a) => `schema ${a.name}：没有这种格式；应为以下之一：${listZh(a.formats)}`,
    ),
    'cmd.schema.agents': entry(
      (_) => 'what the agents write:',
      (_) => '代理写的文件：',
    ),
    'cmd.schema.author': entry(
      (_) => 'what the author writes:',
      (_) => '作者写的文件：',
    ),
    'cmd.schema.format': entry<{ title: string; path: string; writer: string }>(
      (a) => `${a.title}: ${a.path} (${a.writer})`,
      (a) => `${a.title}：${a.path}（${a.writer}）`,
    ),
    'cmd.schema.example': entry(
      (_) => 'example:',
      (_) => '示例：',
    ),
    // novel commit
    'cmd.commit.one_of': entry(
      (_) => 'commit: pass exactly one of --chapter N, --volume VV or --setup',
      (_) => 'commit：--chapter N、--volume VV 与 --setup 须且只能给一个',
    ),
    'cmd.commit.pending_dry': entry<{ journal: string }>(
      (a) => `an unfinished commit journal ${a.journal} is pending; a dry run cannot plan past it`,
      (a) => `有未完成的入库日志 ${a.journal}；试运行无法越过它做计划`,
    ),
    'cmd.commit.pending_dry.hint': entry(
      (_) => 'run the commit without --dry-run to roll it forward',
      (_) => '去掉 --dry-run 再运行入库，把它补完',
    ),
    'cmd.commit.volume': entry<{ volume: number; dry: boolean }>(
      (a) => `${a.dry ? 'would commit' : 'committed'} the plan of volume ${a.volume}:`,
      (a) => `${a.dry ? '将入库' : '已入库'}第${a.volume}卷的规划：`,
    ),
    'cmd.commit.write': entry<{ kind: string; path: string; from: string | null }>(
      (a) => `  ${a.kind === 'move' ? 'move ' : 'write'} ${a.path}${a.from ? ` ← ${a.from}` : ''}`,
      (a) => `  ${a.kind === 'move' ? '移入' : '写入'} ${a.path}${a.from ? ` ← ${a.from}` : ''}`,
    ),
    'cmd.commit.move': entry<{ path: string; from: string }>(
      (a) => `  move  ${a.path} ← ${a.from}`,
      (a) => `  移入 ${a.path} ← ${a.from}`,
    ),
    'cmd.commit.append': entry<{ path: string; n: number }>(
      (a) => `  append ${a.path} (+${a.n} line(s))`,
      (a) => `  追加 ${a.path}（+${a.n} 行）`,
    ),
    'cmd.commit.clear': entry<{ path: string }>(
      (a) => `  clear ${a.path}`,
      (a) => `  清空 ${a.path}`,
    ),
    'cmd.commit.dropped': entry<{ op: string }>(
      (a) => `    dropped ${a.op}`,
      (a) => `    丢弃 ${a.op}`,
    ),
    // novel export
    'cmd.export.volume_or_chapters': entry(
      (_) => 'export: pass --volume or --chapters, not both',
      (_) => 'export：--volume 和 --chapters 只能用一个',
    ),
    'cmd.export.format_or_upload': entry(
      (_) => 'export: pass --format txt|md|epub, or --upload',
      (_) => 'export：请给出 --format txt|md|epub，或 --upload',
    ),
    'cmd.export.format_or_upload.hint': entry(
      (_) => 'e.g. `novel export --format epub`, or `novel export --upload --out upload/`',
      (_) => '例如 `novel export --format epub`，或 `novel export --upload --out upload/`',
    ),
    'cmd.export.from_with_upload': entry(
      (_) => 'export: --from and --to go with --upload (a whole-book export takes --chapters N-M)',
      (_) => 'export：--from 和 --to 只与 --upload 一起用（整本导出用 --chapters N-M）',
    ),
    'cmd.export.from_with_upload.hint': entry(
      (_) => 'e.g. `novel export --upload --from 41 --to 45 --out upload/`',
      (_) => '例如 `novel export --upload --from 41 --to 45 --out upload/`',
    ),
    'cmd.export.upload_alone': entry(
      (_) => 'export --upload takes --from, --to, --out and --force (not --format, --volume or --chapters)',
      (_) => 'export --upload 只接受 --from、--to、--out 和 --force（不接受 --format、--volume 或 --chapters）',
    ),
    'cmd.export.upload_out': entry(
      (_) => 'export --upload needs --out DIR: the folder the files go to',
      (_) => 'export --upload 需要 --out 目录：文件写入的文件夹',
    ),
    'cmd.export.upload_done': entry<{ n: number; first: number; last: number; notes: number; out: string }>(
      (a) => `wrote ${a.n} upload-ready chapter(s) (${a.first}–${a.last}) and ${a.notes} 作者的话 file(s) to ${a.out}`,
      (a) => `已写出 ${a.n} 章上传文件（第${a.first}–${a.last}章）和 ${a.notes} 份作者的话到 ${a.out}`,
    ),
    'cmd.export.done': entry<{
      n: number;
      first: number | undefined;
      last: number | undefined;
      title: string;
      out: string;
      bytes: number;
    }>(
      (a) => `exported ${a.n} chapter(s) (${a.first}–${a.last}) of 《${a.title}》 to ${a.out} (${a.bytes} bytes)`,
      (a) => `已导出《${a.title}》${a.n} 章（第${a.first}–${a.last}章）到 ${a.out}（${a.bytes} 字节）`,
    ),
    // novel init
    'cmd.init.platform': entry<{ platform: string; platforms: string }>(
      (a) => `--platform ${a.platform}: expected one of ${a.platforms}`,
      (a) => `--platform ${a.platform}：应为 ${listZh(a.platforms)} 之一`,
    ),
    'cmd.init.book_incomplete': entry<{ missing: string }>(
      (a) => `${a.missing} is missing: book.json needs both the title and the author`,
      (a) => `缺少 ${a.missing}：book.json 需要书名和作者两项`,
    ),
    'cmd.init.book_incomplete.hint': entry(
      (_) => 'give both, e.g. `novel init my-novel --title 剑起青岚 --author 青岚客`, or neither',
      (_) => '两项都给，例如 `novel init my-novel --title 剑起青岚 --author 青岚客`，或都不给',
    ),
    'cmd.init.platform.hint': entry(
      (_) => 'qidian (2,500–3,500 字), tomato (1,500–2,500 字) or none (no platform rules)',
      (_) => 'qidian（起点，2500–3500 字）、tomato（番茄，1500–2500 字）或 none（不设平台规则）',
    ),
    'cmd.init.demo': entry<{ root: string; dir: string }>(
      (a) =>
        `created the demo project in ${a.root}\nnext: novel run --chapters 3 ` +
        `--project ${a.dir}  (executor: demo, recorded in novel.config.json)`,
      (a) =>
        `已新建演示项目：${a.root}\n下一步：novel run --chapters 3 ` +
        `--project ${a.dir}（执行器：demo，已记入 novel.config.json）`,
    ),
    // novel demo-executor
    'cmd.demo.wrote': entry<{ n: number }>(
      (a) => `demo executor wrote ${a.n} file(s)`,
      (a) => `演示执行器写了 ${a.n} 个文件`,
    ),
    // novel validate
    'cmd.validate.import_commit': entry<{ step: string; summarize: string }>(
      (a) => `${a.step}: a commit has nothing staged of its own to validate; validate ${a.summarize}`,
      (a) => `${a.step}：入库这一步没有自己的暂存产出可校验；请校验 ${a.summarize}`,
    ),
    'cmd.validate.not_validatable': entry<{ step: string; stages: string }>(
      (a) => `${a.step}: only ${a.stages} and volume plan steps have staged outputs to validate`,
      (a) => `${a.step}：只有 ${listZh(a.stages)} 和卷规划这些步骤有可校验的暂存产出`,
    ),
    'cmd.validate.committed': entry<{ step: string; chapter: number; file: string }>(
      (a) => `${a.step}: chapter ${a.chapter} is committed (${a.file}); nothing is staged for it to validate`,
      (a) => `${a.step}：第${a.chapter}章已入库（${a.file}），没有可校验的暂存产出`,
    ),
    'cmd.validate.committed.hint': entry<{ step: string; command: string }>(
      (a) => `the next step is ${a.step}: \`${a.command}\``,
      (a) => `下一步是 ${a.step}：\`${a.command}\``,
    ),
    'cmd.validate.plan_invalid': entry<{ step: string }>(
      (a) => `${a.step}: the staged volume plan does not validate`,
      (a) => `${a.step}：暂存的卷规划未通过校验`,
    ),
    'cmd.validate.setup_invalid': entry<{ step: string }>(
      (a) => `${a.step}: the staged files do not validate`,
      (a) => `${a.step}：暂存文件未通过校验`,
    ),
    'cmd.validate.outputs_invalid': entry<{ step: string }>(
      (a) => `${a.step}: the staged outputs do not validate`,
      (a) => `${a.step}：暂存产出未通过校验`,
    ),
    'cmd.validate.fix_hint': entry(
      (_) => 'fix every file listed, then validate again',
      (_) => '修正上面列出的每个文件，再重新校验',
    ),
    // novel lock status, lock clear
    'cmd.lock.holder': entry<{
      pid: number;
      host: string;
      started: string;
      heartbeat: string;
      chapter: number | string;
      owner: string | null;
    }>(
      (a) =>
        `pid ${a.pid} on ${a.host}, started ${a.started}, heartbeat ${a.heartbeat}, ` +
        `chapter ${a.chapter}${a.owner ? `, owner ${a.owner}` : ''}`,
      (a) =>
        `进程 ${a.pid}（${a.host}），开始于 ${a.started}，心跳 ${a.heartbeat}，` +
        `第${a.chapter}章${a.owner ? `，属于 ${a.owner}` : ''}`,
    ),
    'cmd.lock.removed': entry<{ stale: string | null }>(
      (a) => `lock removed (${a.stale !== null ? `stale: ${a.stale}` : 'forced'})`,
      (a) => `锁已清除（${a.stale !== null ? `已过期：${a.stale}` : '强制清除'}）`,
    ),
    'cmd.lock.none': entry(
      (_) => 'no lock to remove',
      (_) => '没有可清除的锁',
    ),
    // novel state verify, state rebuild, checkpoint rebuild
    'cmd.verify.no_first': entry(
      (_) => 'none (paths no changelog line wrote)',
      (_) => '无（这些路径没有哪一行变更日志写过）',
    ),
    'cmd.verify.rebuild_hint': entry(
      (_) =>
        '`novel state rebuild` rewrites the state from the changelog; or, if you fixed ' +
        'the state by hand on purpose, `novel state verify --accept` records the fix',
      (_) =>
        '`novel state rebuild` 会按变更日志重写状态；若你是有意手改状态，`novel state verify --accept` 会记录这次修改',
    ),
    'cmd.verify.files_differ': entry<{ n: number }>(
      (a) => `${a.n} book file(s) differ from the fingerprint`,
      (a) => `${a.n} 个书稿文件与指纹不符`,
    ),
    'cmd.verify.state_diverges': entry<{ n: number }>(
      (a) => `the state diverges from the changelog at ${a.n} path(s)`,
      (a) => `状态与变更日志有 ${a.n} 处不一致`,
    ),
    'cmd.state.rebuilt': entry<{ file: string; n: number; version: number; unchanged: boolean }>(
      (a) =>
        `${a.file} rebuilt from ${a.n} changelog line(s): state_version ` +
        `${a.version}${a.unchanged ? ' (unchanged)' : ''}`,
      (a) => `已按 ${a.n} 行变更日志重建 ${a.file}：state_version ${a.version}${a.unchanged ? '（未变）' : ''}`,
    ),
    'cmd.checkpoint.rebuilt': entry<{ file: string; n: number; volume: number; writing: boolean }>(
      (a) =>
        `rebuilt ${a.file}: ${a.n} chapter(s) committed, volume ` +
        `${a.volume} ${a.writing ? 'being written' : 'to be planned'}`,
      (a) => `已重建 ${a.file}：已入库 ${a.n} 章，第${a.volume}卷${a.writing ? '正在写' : '待规划'}`,
    ),
    'cmd.checkpoint.backup': entry<{ file: string }>(
      (a) => `the old checkpoint is kept as ${a.file}`,
      (a) => `旧的检查点保留为 ${a.file}`,
    ),
    'cmd.checkpoint.next': entry(
      (_) => 'next: novel next',
      (_) => '下一步：novel next',
    ),
    // novel adapters install
    'cmd.adapters.kind': entry<{ kind: string }>(
      (a) => `adapters install ${a.kind}: expected claude or codex`,
      (a) => `adapters install ${a.kind}：应为 claude 或 codex`,
    ),
    'cmd.adapters.head': entry<{ kind: string }>(
      (a) => `${a.kind} adapters:`,
      (a) => `${a.kind} 适配文件：`,
    ),
    'cmd.adapters.unchanged': entry<{ file: string }>(
      (a) => `  = ${a.file} (already installed)`,
      (a) => `  = ${a.file}（已安装）`,
    ),
    'cmd.adapters.kept': entry<{ file: string }>(
      (a) => `  ! ${a.file} (kept: differs from the shipped file, your edits win)`,
      (a) => `  ! ${a.file}（保留：与自带文件不同，以你的修改为准）`,
    ),
    // novel quality eval
    'cmd.quality.dirs': entry(
      (_) => 'quality eval needs both --ai DIR and --human DIR',
      (_) => 'quality eval 需要同时给出 --ai 目录和 --human 目录',
    ),
  }),
} as const satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;

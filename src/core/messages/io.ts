/**
 * The catalogue's messages of the io area (src/io/), by group: each key starts
 * with its group's name. Pure.
 */
import { entry } from './entry.js';

/** File-system refusals that are the project's shape (src/io/project-fs.ts), by error code. */
const SHAPE_EN: Record<string, string> = {
  ENAMETOOLONG: 'a file name longer than the file system allows',
  ENOTDIR: 'a path through something that is not a directory',
  EISDIR: 'a directory where a file is expected',
  ELOOP: 'a symbolic link where a real file is expected',
  EACCES: 'a file novel may not open (permissions)',
  EPERM: 'a file novel may not change (permissions)',
  EROFS: 'a read-only file system',
  EINVAL: 'a name the file system refuses',
  EEXIST: 'something already there where novel makes a new file or folder',
  ENXIO: 'a socket or device where a file is expected',
  EAGAIN: 'a file another program holds and did not let go of (a lease)',
};
const SHAPE_ZH: Record<string, string> = {
  ENAMETOOLONG: '文件名超过文件系统允许的长度',
  ENOTDIR: '路径中间有一项不是目录',
  EISDIR: '这里应是文件，却是目录',
  ELOOP: '这里应是普通文件，却是符号链接',
  EACCES: '没有权限打开该文件',
  EPERM: '没有权限修改该文件',
  EROFS: '文件系统是只读的',
  EINVAL: '文件系统拒绝这个名字',
  EEXIST: '要新建的文件或目录已经存在',
  ENXIO: '这里应是文件，却是套接字或设备',
  EAGAIN: '文件被其他程序占用且未释放（租约）',
};

/** The kinds of a JSON value, as a refusal names what it found. */
const JSON_KIND_ZH: Record<string, string> = {
  array: '数组',
  string: '字符串',
  number: '数字',
  boolean: '布尔值',
  object: 'null',
  undefined: '空值',
};

/** What a step planted in staging/ that is not its own (src/io/execute-step.ts). */
export interface PlantedLine {
  kind: 'symlink' | 'hardlink' | 'other_output' | 'not_regular';
  nlink: number;
  path: string;
  /** The folder it was moved to, or null (then `command` removes it). */
  moved: string | null;
  command: string;
}
/** Why a planted path fails the step, in English (also the `why` of the run's events and logs/guard.jsonl). */
export const plantedWhy = (kind: PlantedLine['kind'], nlink: number): string =>
  kind === 'symlink'
    ? 'a symbolic link made in staging/'
    : kind === 'hardlink'
      ? `a hard link made in staging/ (${nlink} names share its bytes)`
      : kind === 'other_output'
        ? `written into another step's output`
        : 'not a regular file';
/** A planted path's line, in English (also the run's outside_staging event). */
export const plantedEn = (p: PlantedLine): string =>
  `${plantedWhy(p.kind, p.nlink)}: ${p.path}${p.moved !== null ? ` (moved to ${p.moved}/)` : ` — ${p.command}`}`;
const plantedZh = (p: PlantedLine): string =>
  `${
    p.kind === 'symlink'
      ? '在 staging/ 中建了符号链接'
      : p.kind === 'hardlink'
        ? `在 staging/ 中建了硬链接（${p.nlink} 个名字共用其内容）`
        : p.kind === 'other_output'
          ? '写进了另一步的产出'
          : '不是普通文件'
  }：${p.path}${p.moved !== null ? `（已移到 ${p.moved}/）` : ` —— ${p.command}`}`;
const listed = (lines: readonly string[]): string => lines.map((l) => `  - ${l}`).join('\n');

/** A fingerprint diff's paths, as its lines say them. */
interface DiffArgs {
  changed: readonly string[];
  added: readonly string[];
  removed: readonly string[];
}
const diffEn = (changed: readonly string[], added: readonly string[], removed: readonly string[]): string[] => [
  ...changed.map((p) => `changed: ${p}`),
  ...added.map((p) => `added: ${p}`),
  ...removed.map((p) => `removed: ${p}`),
];
const diffZh = (changed: readonly string[], added: readonly string[], removed: readonly string[]): string[] => [
  ...changed.map((p) => `改动：${p}`),
  ...added.map((p) => `新增：${p}`),
  ...removed.map((p) => `删除：${p}`),
];

export const IO_GROUPS = {
  // ---- the project's files on disk (src/io/project-fs.ts, text-folder.ts) ----
  fs: () => ({
    'fs.at': entry<{ file: string; what: string }>(
      (a) => `${a.file}: ${a.what}`,
      (a) => `${a.file}：${a.what}`,
    ),
    'fs.at_field': entry<{ file: string; field: string; what: string }>(
      (a) => `${a.file}: field "${a.field}": ${a.what}`,
      (a) => `${a.file}：字段 ${a.field}：${a.what}`,
    ),
    'fs.expected_found': entry<{ expected: string; found: string }>(
      (a) => `expected ${a.expected}, found ${a.found}`,
      (a) => `应为 ${a.expected}，实为 ${a.found}`,
    ),
    'fs.expected': entry<{ expected: string }>(
      (a) => `expected ${a.expected}`,
      (a) => `应为 ${a.expected}`,
    ),
    'fs.found': entry<{ found: string }>(
      (a) => `found ${a.found}`,
      (a) => `实为 ${a.found}`,
    ),
    'fs.a_file': entry(
      (_) => 'a file',
      (_) => '文件',
    ),
    'fs.a_special_file': entry(
      (_) => 'a FIFO, socket or device',
      (_) => '管道、套接字或设备文件',
    ),
    'fs.a_directory': entry(
      (_) => 'a directory',
      (_) => '目录',
    ),
    'fs.utf8_text': entry(
      (_) => 'UTF-8 text',
      (_) => 'UTF-8 文本',
    ),
    'fs.invalid_bytes': entry<{ offset: number }>(
      (a) => `an invalid byte sequence at byte offset ${a.offset}`,
      (a) => `第 ${a.offset} 字节处是无效的 UTF-8 字节序列`,
    ),
    'fs.save_as_utf8': entry(
      (_) => 'save the file as UTF-8',
      (_) => '把文件另存为 UTF-8 编码（例如 iconv -f GB18030 -t UTF-8）',
    ),
    'fs.not_found': entry(
      (_) => 'file not found',
      (_) => '文件不存在',
    ),
    'fs.shape': entry<{ code: string }>(
      (a) => `${SHAPE_EN[a.code] ?? a.code} (${a.code})`,
      (a) => `${SHAPE_ZH[a.code] ?? a.code}（${a.code}）`,
    ),
    'fs.shape.rename': entry<{ command: string }>(
      (a) => `rename or remove it: ${a.command}`,
      (a) => `重命名或删除它：${a.command}`,
    ),
    'fs.shape.check': entry<{ command: string }>(
      (a) => `check the path and its permissions: ${a.command}`,
      (a) => `检查路径及其权限：${a.command}`,
    ),
    'fs.link': entry<{ what: string }>(
      (a) => `${a.what}; novel never reads or writes the book through a link`,
      (a) => `${a.what}；novel 从不通过链接读写书稿`,
    ),
    'fs.link.in_staging': entry(
      (_) => 'a symbolic link in staging/',
      (_) => '是 staging/ 中的符号链接',
    ),
    'fs.link.unresolvable': entry(
      (_) => 'a symbolic link whose real path is too long to be told',
      (_) => '是真实路径过长、无法确定指向的符号链接',
    ),
    'fs.link.as_directory': entry(
      (_) => 'a symbolic link where novel expects a directory',
      (_) => '这里应是目录，却是符号链接',
    ),
    'fs.link.appended': entry(
      (_) => 'a symbolic link where novel appends to a file',
      (_) => 'novel 要追加内容的文件是符号链接',
    ),
    'fs.link.hint': entry<{ command: string }>(
      (a) => `remove the link and let the step write a real file: ${a.command}`,
      (a) => `删除链接，让这一步写出真正的文件：${a.command}`,
    ),
    'fs.hard_link': entry<{ n: number }>(
      (a) =>
        `a file with ${a.n} hard links in staging/ (it shares its bytes with another file, ` +
        `perhaps one of the book); novel never reads or writes the book through a link`,
      (a) => `staging/ 中有 ${a.n} 个硬链接的文件（与另一个文件共用内容，可能是书稿文件）；novel 从不通过链接读写书稿`,
    ),
    'fs.hard_link_served': entry<{ n: number }>(
      (a) =>
        `a file with ${a.n} hard links (it shares its bytes with another file, perhaps outside the project); ` +
        'novel serve serves no file through a link',
      (a) => `有 ${a.n} 个硬链接的文件（与另一个文件共用内容，那个文件可能在项目之外）；novel serve 不提供经链接的文件`,
    ),
    'fs.hard_link_served.hint': entry<{ command: string }>(
      (a) => `give the file a name of its own (a copy in its place): ${a.command}`,
      (a) => `让该文件只有一个名字（原位换成副本）：${a.command}`,
    ),
    'fs.hard_link.hint': entry<{ command: string }>(
      (a) => `remove this name (the other file keeps its bytes) and let the step write a real file: ${a.command}`,
      (a) => `删除这个名字（另一个文件的内容不受影响），让这一步写出真正的文件：${a.command}`,
    ),
    'fs.hard_link_opened': entry(
      (_) =>
        "a file that was another file's hard link while novel opened it (perhaps " +
        'one of the book); novel never reads or writes the book through a link',
      (_) => 'novel 打开它时，它是另一个文件的硬链接（可能是书稿文件）；novel 从不通过链接读写书稿',
    ),
    'fs.hard_link_opened.hint': entry(
      (_) => 'let the step that writes it finish, then run the command again',
      (_) => '等写它的那一步结束后，再运行命令',
    ),
    'fs.swapped': entry<{ name: string }>(
      (a) =>
        `a path that led outside staging/ (to ${a.name}) while novel opened it: a directory on the way was ` +
        `swapped for a link, or staging/ was moved; novel never reads or writes the book through a link`,
      (a) =>
        `novel 打开它时，路径通向了 staging/ 之外（${a.name}）：` +
        `途中的某个目录被换成了链接，或 staging/ 被移动了；novel 从不通过链接读写书稿`,
    ),
    'fs.swapped.hint': entry(
      (_) => 'end whatever still changes staging/ (a step still running), then run the command again',
      (_) => '先结束仍在改动 staging/ 的进程（仍在运行的步骤），再运行命令',
    ),
    'fs.too_large': entry<{ size: number }>(
      (a) => `${a.size} bytes, above the 16 MiB limit for project files`,
      (a) => `${a.size} 字节，超过项目文件 16 MiB 的上限`,
    ),
    'fs.too_large.hint': entry(
      (_) => 'split the file; novel refuses text files above 16 MiB',
      (_) => '把文件拆开；novel 不读取超过 16 MiB 的文本文件',
    ),
    'fs.not_a_file.hint': entry<{ command: string }>(
      (a) => `a file belongs here: move what is in the way aside (${a.command})`,
      (a) => `这里应是一个文件：把占位的东西移走（${a.command}）`,
    ),
    'fs.directory_in_the_way': entry(
      (_) => 'a directory where novel writes a file',
      (_) => 'novel 要写文件的位置是一个目录',
    ),
    'fs.move_away': entry<{ command: string }>(
      (a) => `move it away: ${a.command}`,
      (a) => `把它移走：${a.command}`,
    ),
    'fs.dotdot': entry(
      (_) => 'the path must be project-relative without ".." segments',
      (_) => '路径须相对于项目根目录，且不含 ".."',
    ),
    'fs.dotdot.hint': entry(
      (_) => 'every file novel reads or writes stays inside the project root',
      (_) => 'novel 读写的每个文件都在项目根目录之内',
    ),
    'fs.through_symlink': entry<{ full: string; root: string }>(
      (a) => `resolves to ${a.full}, outside the project root ${a.root} (through a symlink)`,
      (a) => `经符号链接指向项目根目录 ${a.root} 之外的 ${a.full}`,
    ),
    'fs.through_symlink.hint': entry(
      (_) => 'replace the symlink with a real file inside the project',
      (_) => '把符号链接换成项目内的真实文件',
    ),
    'fs.read_only': entry<{ what: string }>(
      (a) => `a read-only reader tried to change the project (${a.what})`,
      (a) => `只读的读取方试图修改项目（${a.what}）`,
    ),
    'fs.fault_kill_at': entry<{ raw: string }>(
      (a) => `NOVEL_FAULT_KILL_AT=${a.raw}: expected a whole number ≥ 1 (a test hook)`,
      (a) => `NOVEL_FAULT_KILL_AT=${a.raw}：应为 ≥ 1 的整数（测试用的钩子）`,
    ),
    'fs.fault_kill_at.hint': entry(
      (_) => 'unset NOVEL_FAULT_KILL_AT',
      (_) => '取消设置 NOVEL_FAULT_KILL_AT',
    ),
    'fs.no_package_root': entry(
      (_) => 'cannot find the novel package root (package.json)',
      (_) => '找不到 novel 的安装目录（package.json）',
    ),
    'fs.folder_unreadable': entry<{ label: string; dir: string }>(
      (a) => `${a.label} ${a.dir}: not a readable folder`,
      (a) => `${a.label} ${a.dir}：不是可读的文件夹`,
    ),
    'fs.folder_unreadable.hint': entry<{ label: string }>(
      (a) => `give ${a.label} a folder of .txt or .md files`,
      (a) => `${a.label} 需要一个装有 .txt 或 .md 文件的文件夹`,
    ),
    'fs.folder_empty': entry<{ label: string; dir: string }>(
      (a) => `${a.label} ${a.dir}: no .txt or .md file in it`,
      (a) => `${a.label} ${a.dir}：其中没有 .txt 或 .md 文件`,
    ),
    'fs.folder_empty.hint': entry<{ label: string }>(
      (a) => `give ${a.label} a folder of chapter texts`,
      (a) => `${a.label} 需要一个装有章节文本的文件夹`,
    ),
    'fs.text_too_large': entry<{ path: string; size: number; max: number }>(
      (a) => `${a.path}: ${a.size} bytes, more than ${a.max}`,
      (a) => `${a.path}：${a.size} 字节，超过 ${a.max}`,
    ),
    'fs.text_too_large.hint': entry(
      (_) => 'give a chapter-sized text file',
      (_) => '请给一个章节大小的文本文件',
    ),
    'fs.not_utf8': entry<{ path: string; offset: number }>(
      (a) => `${a.path}: not UTF-8 (first invalid byte at offset ${a.offset})`,
      (a) => `${a.path}：不是 UTF-8 编码（第一个无效字节在偏移 ${a.offset}）`,
    ),
  }),
  // ---- finding, creating and rebuilding a project (project-fs.ts, create-project.ts, checkpoint-file.ts) ----
  projectdir: () => ({
    'projectdir.where.search': entry<{ file: string }>(
      (a) => `no ${a.file} in the current directory or any parent`,
      (a) => `当前目录及其上级目录中都没有 ${a.file}`,
    ),
    'projectdir.none': entry<{ where: string; dir: string; file: string }>(
      (a) => `${a.where}: ${a.dir} holds no ${a.file}`,
      (a) => `${a.where}：${a.dir} 不是 novel 项目（没有 ${a.file}）`,
    ),
    'projectdir.none.hint': entry(
      (_) => 'cd into a novel project, pass --project DIR, or create one with `novel init DIR`',
      (_) => '进入项目目录、用 --project 指定，或用 `novel init 目录` 新建项目',
    ),
    'projectdir.evidence': entry<{ chapters: number; files: readonly string[] }>(
      (a) => [...(a.chapters ? [`chapters/ (${a.chapters} chapter file(s))`] : []), ...[...a.files]].join(', '),
      (a) => [...(a.chapters ? [`chapters/（${a.chapters} 个章节文件）`] : []), ...[...a.files]].join('、'),
    ),
    'projectdir.no_checkpoint': entry<{ where: string; dir: string; book: string; file: string }>(
      (a) => `${a.where}: ${a.dir} holds a book (${a.book}) but no ${a.file}`,
      (a) => `${a.where}：${a.dir} 里有书稿（${a.book}），但没有 ${a.file}`,
    ),
    'projectdir.no_checkpoint.hint': entry<{ dir: string }>(
      (a) =>
        `rebuild it from the book with \`novel checkpoint rebuild --project ` +
        `${a.dir}\` (never \`novel init\`, which refuses a book)`,
      (a) =>
        `用 \`novel checkpoint rebuild --project ${a.dir}\` ` +
        `从书稿重建（不要用 \`novel init\`，它会拒绝已有书稿的目录）`,
    ),
    'projectdir.run_init': entry(
      (_) => 'run `novel init` to create a project',
      (_) => '用 `novel init` 新建项目',
    ),
    'projectdir.no_such_directory': entry<{ dir: string }>(
      (a) => `${a.dir}: no such directory`,
      (a) => `${a.dir}：目录不存在`,
    ),
    'projectdir.pass_project': entry(
      (_) => 'pass --project DIR, the directory that holds the book',
      (_) => '用 --project 指定存放书稿的目录',
    ),
    'projectdir.checkpoint_exists': entry<{ dir: string; file: string }>(
      (a) => `${a.dir}: ${a.file} exists; rebuild replaces it only with --force`,
      (a) => `${a.dir}：${a.file} 已存在；只有加 --force 才会替换`,
    ),
    'projectdir.checkpoint_exists.hint': entry(
      (_) => '`novel status` shows what it says; `novel checkpoint rebuild --force` replaces it and keeps a backup',
      (_) => '`novel status` 显示它记录的内容；`novel checkpoint rebuild --force` 会替换它并保留备份',
    ),
    'projectdir.not_a_book': entry<{ dir: string }>(
      (a) => `${a.dir}: holds no book (no chapters/*.md, state/current-state.json or state/changelog.jsonl)`,
      (a) => `${a.dir}：没有书稿（没有 chapters/*.md、state/current-state.json 或 state/changelog.jsonl）`,
    ),
    'projectdir.init_dir': entry(
      (_) => 'create a project with `novel init DIR`',
      (_) => '用 `novel init 目录` 新建项目',
    ),
    'projectdir.exists': entry<{ dir: string; file: string }>(
      (a) => `${a.dir}: already holds a project (${a.file})`,
      (a) => `${a.dir}：已经是一个项目（${a.file}）`,
    ),
    'projectdir.exists.hint': entry(
      (_) => 'choose another directory; init never overwrites a project',
      (_) => '请换一个目录；init 从不覆盖已有项目',
    ),
    'projectdir.book_exists': entry<{ dir: string; book: string; file: string }>(
      (a) => `${a.dir}: already holds a book (${a.book}) but no ${a.file}; init never starts a new project over a book`,
      (a) => `${a.dir}：已有书稿（${a.book}），但没有 ${a.file}；init 不会在已有书稿上新建项目`,
    ),
    'projectdir.book_exists.hint': entry<{ command: string }>(
      (a) => `rebuild the checkpoint from the book: \`${a.command}\``,
      (a) => `从书稿重建检查点：\`${a.command}\``,
    ),
    'projectdir.demo_not_empty': entry<{ dir: string }>(
      (a) => `${a.dir}: not empty; the demo project goes into a new or empty directory`,
      (a) => `${a.dir}：目录不为空；演示项目只能放进新目录或空目录`,
    ),
    'projectdir.choose_another': entry(
      (_) => 'choose another directory',
      (_) => '请换一个目录',
    ),
  }),
  // ---- the book's own files, damaged (checkpoint.ts, book-files.ts, settings.ts, lint-inputs.ts, state-verify.ts)
  // ----
  bookfile: () => ({
    'bookfile.cannot_read': entry<{ file: string }>(
      (a) => `${a.file} cannot be read`,
      (a) => `${a.file} 无法读取`,
    ),
    'bookfile.not_json': entry<{ file: string }>(
      (a) => `${a.file} is not valid JSON`,
      (a) => `${a.file} 不是合法的 JSON`,
    ),
    'bookfile.invalid': entry<{ file: string }>(
      (a) => `${a.file} is invalid`,
      (a) => `${a.file} 有误`,
    ),
    'bookfile.damaged': entry<{ file: string }>(
      (a) => `${a.file} is damaged`,
      (a) => `${a.file} 已损坏`,
    ),
    'bookfile.not_object': entry<{ file: string; kind: string }>(
      (a) => `${a.file}: expected a JSON object, found ${a.kind === 'array' ? 'an array' : a.kind}`,
      (a) => `${a.file}：应为 JSON 对象，实为${JSON_KIND_ZH[a.kind] ?? a.kind}`,
    ),
    'bookfile.restore.hint': entry(
      (_) => 'restore it (git, backup) or run `novel state rebuild` for state/current-state.json',
      (_) => '从 git 或备份恢复它；若是 state/current-state.json，也可运行 `novel state rebuild` 重建',
    ),
    'bookfile.changelog.hint': entry(
      (_) => 'restore it from a backup; novel never rewrites committed changelog lines',
      (_) => '从备份恢复它；novel 从不改写已入库的变更日志行',
    ),
    'bookfile.state.hint': entry(
      (_) => 'run `novel state rebuild` to rewrite it from state/changelog.jsonl',
      (_) => '运行 `novel state rebuild`，按 state/changelog.jsonl 重写它',
    ),
    'bookfile.blacklist.hint': entry(
      (_) => 'fix it (novel schema shows the shape: {words: [], whitelist?: {words: []}})',
      (_) => '修正它（格式见 novel schema：{words: [], whitelist?: {words: []}}）',
    ),
    'bookfile.book.hint': entry(
      (_) => 'fix it: {"title": "…", "author": "…", "blurb": "…"} (`novel schema book` describes it)',
      (_) => '修正它，格式：{"title": "书名", "author": "作者", "blurb": "简介"}（`novel schema book` 有说明）',
    ),
    'bookfile.sensitive.hint': entry(
      (_) => 'fix it: {"words": ["word", …], "categories": {"category": ["word", …]}}',
      (_) => '修正它，格式：{"words": ["词", …], "categories": {"类别": ["词", …]}}',
    ),
    'bookfile.cliche.hint': entry(
      (_) => 'fix it: {"words": {"word": "hard" | "soft" | "warn"}}',
      (_) => '修正它，格式：{"words": {"词": "hard" | "soft" | "warn"}}',
    ),
  }),
  // ---- the commit journal (commit-journal.ts, mutation.ts) ----
  journal: () => ({
    'journal.missing': entry<{ file: string }>(
      (a) => `${a.file}: not found`,
      (a) => `${a.file}：文件不存在`,
    ),
    'journal.damaged': entry<{ file: string }>(
      (a) => `${a.file}: the commit journal is damaged`,
      (a) => `${a.file}：入库日志已损坏`,
    ),
    'journal.damaged.hint': entry(
      (_) => 'it was not written by novel or was edited; move it aside and run `novel state verify`',
      (_) => '它不是 novel 写的，或被改动过；把它移到别处，再运行 `novel state verify`',
    ),
    'journal.pending': entry<{ file: string }>(
      (a) => `an unfinished commit journal ${a.file} is pending`,
      (a) => `有未完成的入库日志 ${a.file}`,
    ),
    'journal.pending.hint': entry(
      (_) =>
        'finish it first with any other mutating command (e.g. `novel commit` as `novel next` names it), then retry',
      (_) => '先用任一其他写入命令完成它（例如 `novel next` 给出的 `novel commit`），再重试',
    ),
    'journal.cut_short': entry<{ file: string; size: number; before: number; journal: string }>(
      (a) =>
        `${a.file}: ${a.size} bytes, shorter than the ${a.before} ` +
        `bytes the journal ${a.journal} recorded before its append`,
      (a) => `${a.file}：${a.size} 字节，比入库日志 ${a.journal} 追加前记录的 ${a.before} 字节还短`,
    ),
    'journal.cut_short.hint': entry(
      (_) => 'the file was cut outside novel; restore it from a backup, then run the command again',
      (_) => '该文件在 novel 之外被截短；请从备份恢复后重新运行命令',
    ),
    'journal.conflict.hint': entry(
      (_) =>
        'it was moved or changed outside novel since the journal was ' +
        'written; put it back as it was, then run the command again',
      (_) => '写下入库日志之后，它在 novel 之外被移动或改动了；把它恢复原样，再运行命令',
    ),
    'journal.write_lost': entry<{ file: string; sha256: string; staged: string; journal: string }>(
      (a) =>
        `${a.file}: neither its new bytes (sha256 ${a.sha256}) nor ` +
        `${a.staged}, where the journal ${a.journal} staged them`,
      (a) =>
        `${a.file}：既不是它的新内容（sha256 ${a.sha256}），入库日志 ${a.journal} 暂存新内容的 ${a.staged} 也不在了`,
    ),
    'journal.staged_changed': entry<{ staged: string; journal: string; file: string }>(
      (a) => `${a.staged}: not the bytes the journal ${a.journal} staged for ${a.file} (another sha256)`,
      (a) => `${a.staged}：不是入库日志 ${a.journal} 为 ${a.file} 暂存的内容（sha256 不同）`,
    ),
    'journal.move_lost': entry<{ from: string; to: string; journal: string }>(
      (a) => `${a.from}: gone, and not at ${a.to} where the journal ${a.journal} moves it`,
      (a) => `${a.from}：已不在原处，也不在入库日志 ${a.journal} 要把它移到的 ${a.to}`,
    ),
    'journal.move_changed': entry<{ to: string; journal: string; from: string }>(
      (a) => `${a.to}: not the file the journal ${a.journal} moved there from ${a.from} (another sha256)`,
      (a) => `${a.to}：不是入库日志 ${a.journal} 从 ${a.from} 移来的文件（sha256 不同）`,
    ),
    'journal.cut_missing': entry<{ file: string; journal: string; at: number }>(
      (a) => `${a.file}: missing; the journal ${a.journal} cuts it back to ${a.at} bytes`,
      (a) => `${a.file}：文件不存在；入库日志 ${a.journal} 要把它截回 ${a.at} 字节`,
    ),
    'journal.tail_changed': entry<{ file: string; at: number; journal: string; tail: string }>(
      (a) => `${a.file}: the bytes after byte ${a.at} are not the ones the journal ${a.journal} keeps at ${a.tail}`,
      (a) => `${a.file}：第 ${a.at} 字节之后的内容，与入库日志 ${a.journal} 保存在 ${a.tail} 的不同`,
    ),
    'journal.head_changed': entry<{ file: string; at: number; journal: string }>(
      (a) => `${a.file}: its first ${a.at} bytes are not the ones the journal ${a.journal} keeps`,
      (a) => `${a.file}：前 ${a.at} 字节与入库日志 ${a.journal} 记录的不同`,
    ),
  }),
  // ---- the fingerprint of the final trees (fingerprint.ts) ----
  fingerprint: () => ({
    'fingerprint.segment_missing': entry<{ file: string; main: string }>(
      (a) => `${a.file}: a segment ${a.main} lists is missing`,
      (a) => `${a.file}：${a.main} 列出的分段不存在`,
    ),
    'fingerprint.reset': entry<{ main: string; dir: string }>(
      (a) =>
        `delete ${a.main} and ${a.dir}/; the next mutating command records the current files (after you checked them)`,
      (a) => `删除 ${a.main} 和 ${a.dir}/；下一个写入命令会记录当前文件（请先确认它们无误）`,
    ),
    'fingerprint.changed': entry<DiffArgs>(
      (a) =>
        `the book's final trees changed outside novel since the last recorded ` +
        `fingerprint:\n${listed(diffEn([...a.changed], [...a.added], [...a.removed]))}`,
      (a) =>
        `自上次记录指纹以来，书稿文件在 novel 之外被改动：` +
        `\n${listed(diffZh([...a.changed], [...a.added], [...a.removed]))}`,
    ),
    'fingerprint.changed.hint': entry<DiffArgs>(
      (a) =>
        `${[
          ...(a.changed.length || a.removed.length ? [`restore ${[...a.changed, ...a.removed].join(', ')}`] : []),
          ...(a.added.length ? [`delete ${[...a.added].join(', ')}`] : []),
        ].join('; ')}; or, if these edits are yours and intended, record them with \`novel state verify --accept\``,
      (a) =>
        `${[
          ...(a.changed.length || a.removed.length ? [`恢复 ${[...a.changed, ...a.removed].join('、')}`] : []),
          ...(a.added.length ? [`删除 ${[...a.added].join('、')}`] : []),
        ].join('；')}；若这些改动是你有意做的，用 \`novel state verify --accept\` 记录下来`,
    ),
    'fingerprint.list': entry<DiffArgs>(
      (a) => diffEn([...a.changed], [...a.added], [...a.removed]).join('; '),
      (a) => diffZh([...a.changed], [...a.added], [...a.removed]).join('；'),
    ),
  }),
  // ---- the project lock (lock.ts) ----
  locking: () => ({
    'locking.held': entry<{ holder: string }>(
      (a) => `the project is locked by ${a.holder}`,
      (a) => `项目已被占用：${a.holder}`,
    ),
    'locking.holder': entry<{
      pid: number;
      host: string;
      started: string;
      chapter: number | null;
      step: string | null;
    }>(
      (a) =>
        `pid ${a.pid} on ${a.host}, started ${a.started}${a.chapter === null ? '' : `, chapter ${a.chapter}`}` +
        `${a.step ? `, running ${a.step}` : ''}`,
      (a) =>
        `进程 ${a.pid}（${a.host}），开始于 ${a.started}${a.chapter === null ? '' : `，第${a.chapter}章`}` +
        `${a.step ? `，正在执行 ${a.step}` : ''}`,
    ),
    'locking.unknown_holder': entry(
      (_) => 'another tool (no readable info.json)',
      (_) => '另一个工具（没有可读的 info.json）',
    ),
    'locking.held.hint': entry(
      (_) => 'wait for it to finish; `novel lock status` shows the holder, `novel lock clear` removes a stale lock',
      (_) => '等它结束；`novel lock status` 显示持有者，`novel lock clear` 清除过期的锁',
    ),
    'locking.live': entry<{ pid: string; host: string }>(
      (a) => `the lock is live (pid ${a.pid} on ${a.host}); not removed`,
      (a) => `锁仍有效（进程 ${a.pid}，${a.host}），未清除`,
    ),
    'locking.live.hint': entry(
      (_) => 'wait for the holder to finish, or pass --force if you are sure it is gone',
      (_) => '等持有者结束；确认它已不在时可加 --force',
    ),
    'locking.nested_write': entry<{ step: string }>(
      (a) =>
        `refused inside ${a.step}: a command run by an executor may only read (instructions, validate, ` +
        `next, status, lint, schema); \`novel run\` itself advances and commits the step`,
      (a) =>
        `在 ${a.step} 中被拒绝：执行器运行的命令只能读取（instructions、validate、next、status、lint、schema）；` +
        `这一步的登记和入库由 \`novel run\` 自己完成`,
    ),
    'locking.nested_write.hint': entry(
      (_) => "write the step's outputs under staging/ and exit; the run validates, advances and commits them",
      (_) => '把这一步的产出写进 staging/ 后退出；由 novel run 校验、登记并入库',
    ),
    'locking.an_executor_step': entry(
      (_) => 'an executor step',
      (_) => '执行器的某一步',
    ),
  }),
  // ---- commits (operations.ts) ----
  committing: () => ({
    'committing.already': entry<{ chapter: number; last: number }>(
      (a) =>
        `commit --chapter ${a.chapter}: chapter ${a.chapter} is already committed (last_completed_chapter ${a.last})`,
      (a) => `commit --chapter ${a.chapter}：第${a.chapter}章已经入库（last_completed_chapter 为 ${a.last}）`,
    ),
    'committing.already.hint': entry(
      (_) => 'nothing to do; `novel next` shows the next step',
      (_) => '无需处理；`novel next` 显示下一步',
    ),
    'committing.chapter_refused': entry<{ chapter: number; step: string; action: string }>(
      (a) => `commit --chapter ${a.chapter}: the gate does not allow it; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --chapter ${a.chapter}：闸门不允许第${a.chapter}章入库；流水线在等待 ${a.step}（${a.action}）`,
    ),
    'committing.paused': entry<{ command: string }>(
      (a) => `the chapter is paused: ${a.command}`,
      (a) => `本章在等待作者决定：${a.command}`,
    ),
    'committing.no_gate': entry(
      (_) => 'commit state without a gate record',
      (_) => '处于入库状态，却没有闸门记录',
    ),
    'committing.setup_refused': entry<{ step: string; action: string }>(
      (a) => `commit --setup: the book is not being set up; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --setup：新书不在设定中；流水线在等待 ${a.step}（${a.action}）`,
    ),
    'committing.setup_invalid': entry<{ step: string }>(
      (a) => `${a.step}: the staged files do not validate`,
      (a) => `${a.step}：暂存文件未通过校验`,
    ),
    'committing.volume_refused': entry<{ volume: number; step: string; action: string }>(
      (a) =>
        `commit --volume ${a.volume}: volume ${a.volume} is not being ` +
        `planned; the pipeline expects ${a.step} (${a.action})`,
      (a) => `commit --volume ${a.volume}：第${a.volume}卷不在规划中；流水线在等待 ${a.step}（${a.action}）`,
    ),
    'committing.plan_invalid': entry<{ step: string }>(
      (a) => `${a.step}: the staged plan does not validate`,
      (a) => `${a.step}：暂存的规划未通过校验`,
    ),
    'committing.fix_then_commit': entry(
      (_) => 'fix the files, then commit again',
      (_) => '修正这些文件后再入库',
    ),
    'committing.would_overwrite': entry<{ files: readonly string[] }>(
      (a) =>
        `the commit would replace ${a.files.length} file(s) of the ` +
        `book that hold other text: ${[...a.files].join(', ')}`,
      (a) => `入库会覆盖书稿中 ${a.files.length} 个内容不同的文件：${[...a.files].join('、')}`,
    ),
    'committing.would_overwrite.hint': entry(
      (_) =>
        'novel never overwrites a chapter: move those files aside if they are stale ' +
        '(then `novel state verify --accept`), or check that .checkpoint.json ' +
        'says the right last chapter (`novel checkpoint rebuild --force`)',
      (_) =>
        'novel 从不覆盖章节：若这些文件已过时，先移走（再运行 `novel state verify --accept`），' +
        '或检查 .checkpoint.json 记录的最后一章是否正确（`novel checkpoint rebuild --force`）',
    ),
    'committing.judged_changed': entry<{ chapter: number; file: string; judged: string | null; now: string | null }>(
      (a) =>
        `commit --chapter ${a.chapter}: ${a.file} is not what the judge judged ` +
        `(sha256 ${a.judged ?? 'none'} judged, ${a.now ?? 'none'} now)`,
      (a) =>
        `commit --chapter ${a.chapter}：${a.file} 已不是评审过的那一版` +
        `（评审时 sha256 ${a.judged ?? '无'}，现在 ${a.now ?? '无'}）`,
    ),
    'committing.judged_changed.hint': entry<{ chapter: number }>(
      (a) => `\`novel next\` sends chapter ${a.chapter} back to judge: the text committed is always the text judged`,
      (a) => `\`novel next\` 会把第${a.chapter}章退回重新评审：入库的永远是评审过的文本`,
    ),
    'committing.unrecorded': entry<{ file: string; recorded: string | null; now: string | null }>(
      (a) =>
        `${a.file} is not the file the fingerprint recorded (sha256 ${a.recorded ?? 'absent'} recorded, ` +
        `${a.now ?? 'absent'} now): a commit builds on it, so it refuses rather than record an edit made outside novel`,
      (a) =>
        `${a.file} 与指纹记录的不一致（记录的 sha256 ${a.recorded ?? '无'}，现在 ${a.now ?? '无'}）：` +
        `入库要在它的基础上写入，所以拒绝，而不是把 novel 之外的改动记进书稿`,
    ),
    'committing.unrecorded.hint': entry<{ file: string }>(
      (a) =>
        `restore ${a.file} (git checkout -- '${a.file}', or from a backup), or, when ` +
        `you made the edit yourself, \`novel state verify --accept\`; then retry`,
      (a) =>
        `恢复 ${a.file}（git checkout -- '${a.file}'，或从备份恢复）；若是你自己改的，` +
        `运行 \`novel state verify --accept\`；然后重试`,
    ),
  }),
  // ---- novel rewind (rewind.ts) ----
  rewinding: () => ({
    'rewinding.not_committed': entry<{ to: string; chapter: number; last: number }>(
      (a) => `rewind --to ${a.to}: chapter ${a.chapter} is not committed (the last committed chapter is ${a.last})`,
      (a) => `rewind --to ${a.to}：第${a.chapter}章尚未入库（最后入库的是第${a.last}章）`,
    ),
    'rewinding.name_committed': entry<{ command: string }>(
      (a) => `name a committed chapter, e.g. ${a.command}`,
      (a) => `请指定已入库的章节，例如 ${a.command}`,
    ),
    'rewinding.nothing_committed': entry(
      (_) => 'nothing is committed yet',
      (_) => '还没有任何章节入库',
    ),
    'rewinding.imported': entry<{ to: string; chapter: number; imported: number }>(
      (a) =>
        `rewind --to ${a.to}: chapter ${a.chapter} was imported (chapters 1–${a.imported} came ` +
        `from \`novel import\`); a rewind goes back to a chapter written after the import`,
      (a) =>
        `rewind --to ${a.to}：第${a.chapter}章是导入的（第1–${a.imported}章` +
        `来自 novel import）；回退只能回到导入之后写的章节`,
    ),
    'rewinding.earliest': entry<{ chapter: number; command: string }>(
      (a) => `the earliest chapter a rewind can go back to is ${a.chapter}: ${a.command}`,
      (a) => `最早可回退到第${a.chapter}章：${a.command}`,
    ),
    'rewinding.edit_imported': entry(
      (_) => 'edit an imported chapter in chapters/ by hand, then `novel state verify --accept`',
      (_) => '导入的章节可直接在 chapters/ 中修改，然后运行 `novel state verify --accept`',
    ),
    'rewinding.no_history': entry<{ to: string; chapter: number; file: string }>(
      (a) =>
        `rewind --to ${a.to}: chapter ${a.chapter} was committed before novel kept what each ` +
        `commit replaces (${a.file}), so the book cannot be put back as it was before it`,
      (a) =>
        `rewind --to ${a.to}：第${a.chapter}章入库时 novel ` +
        `还没有保存每次入库替换掉的内容（${a.file}），无法把书恢复到它之前的样子`,
    ),
    'rewinding.from_now_on': entry(
      (_) => 'chapters committed from now on can be rewound',
      (_) => '从现在起入库的章节都可以回退',
    ),
    'rewinding.history_damaged': entry<{ file: string; chapter: number }>(
      (a) => `${a.file} is damaged: chapter ${a.chapter}'s commit cannot be undone from it`,
      (a) => `${a.file} 已损坏：无法据此撤销第${a.chapter}章的入库`,
    ),
    'rewinding.history_damaged.hint': entry<{ chapter: number }>(
      (a) => `put it back (git, backup), or rewind to a chapter after ${a.chapter}`,
      (a) => `从 git 或备份把它放回，或回退到第${a.chapter}章之后的章节`,
    ),
  }),
  // ---- novel import (import-book.ts) ----
  importing: () => ({
    'importing.source_missing': entry<{ source: string }>(
      (a) => `${a.source}: no such file or folder`,
      (a) => `${a.source}：文件或目录不存在`,
    ),
    'importing.source_missing.hint': entry(
      (_) => 'novel import book.txt --project my-book (a .txt file, or a folder of chapter files)',
      (_) => 'novel import 书名.txt --project 目录（一个 .txt 文件，或一个放章节文件的目录）',
    ),
    'importing.no_chapters': entry<{ source: string }>(
      (a) => `${a.source}: no chapter heading found (a line "第N章 标题", N in digits or Chinese numerals)`,
      (a) => `${a.source}：没有找到章节标题（形如「第N章 标题」的一行，N 可为数字或中文数字）`,
    ),
    'importing.no_chapters.hint': entry(
      (_) => 'a folder import takes one chapter per .txt or .md file; a text file is split at its chapter headings',
      (_) => '目录导入时每个 .txt 或 .md 文件算一章；文本文件按章节标题切分',
    ),
    'importing.too_many': entry<{ source: string; line: number; max: number; found: number }>(
      (a) =>
        `${a.source}:${a.line}: chapter ${a.max + 1} of ${a.found}; a book holds at most ${a.max} chapters ` +
        '(a step names its chapter in at most five digits)',
      (a) => `${a.source}:${a.line}：第${a.max + 1}章（共${a.found}章）；一本书最多${a.max}章（步骤编号最多五位数）`,
    ),
    'importing.too_many.hint': entry<{ line: number }>(
      (a) => `import the text before line ${a.line} as this book, and the rest as a book of its own`,
      (a) => `把第${a.line}行之前的部分导入为这本书，其余部分另建一本`,
    ),
    'importing.not_empty': entry<{ dir: string }>(
      (a) =>
        `${a.dir}: not empty and not a project; an import goes into a ` +
        `new or empty folder, or a project that has no chapter yet`,
      (a) => `${a.dir}：目录不为空，也不是项目；导入只能进新目录、空目录，或还没有章节的项目`,
    ),
    'importing.not_empty.hint': entry(
      (_) => 'novel import book.txt --project NEW_FOLDER',
      (_) => 'novel import 书名.txt --project 新目录',
    ),
    'importing.has_chapters': entry<{ dir: string; last: number }>(
      (a) => `${a.dir}: the project already has chapters (the last committed is ${a.last}); an import starts a book`,
      (a) => `${a.dir}：项目已有章节（已入库到第${a.last}章）；导入只用于开始一本书`,
    ),
    'importing.has_chapters.hint': entry(
      (_) => 'import into a new folder: novel import book.txt --project NEW_FOLDER',
      (_) => '请导入到新目录：novel import 书名.txt --project 新目录',
    ),
    'importing.not_regular': entry<{ file: string; kind: 'link' | 'dir' | 'other' }>(
      (a) =>
        `${a.file}: ${
          a.kind === 'link'
            ? 'a symbolic link'
            : a.kind === 'dir'
              ? 'a directory'
              : 'not a regular file (a FIFO, a socket or a device)'
        }; import reads regular files only`,
      (a) =>
        `${a.file}：${
          a.kind === 'link' ? '是符号链接' : a.kind === 'dir' ? '是目录' : '不是普通文件（是 FIFO、套接字或设备）'
        }；导入只读取普通文件`,
    ),
    'importing.not_regular.hint': entry<{ kind: 'link' | 'dir' | 'other' }>(
      (a) =>
        a.kind === 'link'
          ? 'import the file it points to by its own path, or copy it into the folder'
          : 'move it out of the folder, or name the chapter files one by one in a folder of their own',
      (a) =>
        a.kind === 'link'
          ? '用它指向的文件本身的路径导入，或把那个文件复制进目录'
          : '把它移出目录，或把章节文件单独放进一个目录再导入',
    ),
    'importing.mixed_encoding': entry<{ file: string; line: number }>(
      (a) =>
        `${a.file}: line ${a.line} is not UTF-8, though other lines are: the ` +
        `text mixes encodings, and reading it as one would drop chapters`,
      (a) => `${a.file}：第 ${a.line} 行不是 UTF-8，其他行却是：这份文本混用了编码，按一种编码读会丢章`,
    ),
    'importing.mixed_encoding.hint': entry(
      (_) =>
        'convert the whole file to one encoding (e.g. iconv -f GB18030 ' +
        '-t UTF-8 on the lines that are not UTF-8), then import again',
      (_) => '把整个文件转成同一种编码（例如对不是 UTF-8 的那些行用 iconv -f GB18030 -t UTF-8 转换），再重新导入',
    ),
  }),
  // ---- the clock (clock.ts) ----
  clock: () => ({
    'clock.invalid': entry<{ found: string }>(
      (a) => `NOVEL_NOW: expected an ISO 8601 time such as 2026-11-28T09:00:00+08:00, found ${a.found}`,
      (a) => `NOVEL_NOW：应为 ISO 8601 时间，例如 2026-11-28T09:00:00+08:00，实际为 ${a.found}`,
    ),
    'clock.invalid.hint': entry(
      (_) => 'unset NOVEL_NOW to use the system clock',
      (_) => '取消 NOVEL_NOW 即使用系统时钟',
    ),
  }),
  // ---- novel export (export-file.ts) ----
  exporting: () => ({
    'exporting.nothing': entry<{ volume: number | null; from: number; to: number; last: number }>(
      (a) =>
        `export: no committed chapter in ` +
        `${a.volume !== null ? `volume ${a.volume}` : `chapters ${a.from}–${a.to}`} (${a.last} committed)`,
      (a) =>
        `export：${a.volume !== null ? `第${a.volume}卷` : `第${a.from}–${a.to}章`}` +
        `中没有已入库的章节（已入库 ${a.last} 章）`,
    ),
    'exporting.out_refused': entry<{ out: string; rel: string; top: string }>(
      (a) =>
        `export --out ${a.out}: ` +
        `${a.rel === '' ? 'the project folder itself' : `${a.rel} is the project's own (${a.top})`}` +
        `; an export never replaces the book, its settings or novel's records`,
      (a) =>
        `export --out ${a.out}：${a.rel === '' ? '这是项目目录本身' : `${a.rel} 属于项目自身（${a.top}）`}` +
        `；导出从不替换书稿、设定或 novel 自己的记录`,
    ),
    'exporting.out_refused.hint': entry(
      (_) => 'name a file outside the project, or under export/ in it (the default: export/novel.<format>)',
      (_) => '指定项目之外的文件，或项目中 export/ 下的文件（默认：export/novel.<格式>）',
    ),
    'exporting.out_exists': entry<{ out: string; found: 'file' | 'dir' | 'link' | 'other' }>(
      (a) =>
        `export --out ${a.out}: ${
          a.found === 'file'
            ? 'the file exists'
            : a.found === 'dir'
              ? 'a directory is there'
              : a.found === 'link'
                ? 'a symbolic link is there'
                : 'something that is not a regular file is there'
        }; not replaced`,
      (a) =>
        `export --out ${a.out}：${
          a.found === 'file'
            ? '文件已存在'
            : a.found === 'dir'
              ? '那里是一个目录'
              : a.found === 'link'
                ? '那里是一个符号链接'
                : '那里的不是普通文件'
        }；未替换`,
    ),
    'exporting.upload_sensitive': entry<{ chapter: number; word: string; line: number | null; file?: string }>(
      (a) =>
        `chapter ${a.chapter}${a.file ? `'s 作者的话 (${a.file})` : ''} holds the sensitive word "${a.word}"` +
        `${a.line === null ? '' : ` (line ${a.line})`}: nothing was exported`,
      (a) =>
        `第 ${a.chapter} 章${a.file ? `的作者的话（${a.file}）` : ''}含敏感词“${a.word}”` +
        `${a.line === null ? '' : `（第 ${a.line} 行）`}：未导出任何文件`,
    ),
    'exporting.upload_note.hint': entry<{ file: string }>(
      (a) => `rephrase it in ${a.file}, then export again`,
      (a) => `在 ${a.file} 里改写后再导出`,
    ),
    'exporting.upload_title.hint': entry<{ ref: string }>(
      (a) =>
        `fix the title line (novel lint ${a.ref} names it; novel rewind re-opens a committed chapter), ` +
        'then try again',
      (a) => `修正标题行（novel lint ${a.ref} 会指出；已入库章节用 novel rewind 重开），然后重试`,
    ),
    'exporting.upload_dir.hint': entry(
      (_) => 'name a folder (new or existing) outside the project, or under export/ in it',
      (_) => '请指定项目之外的文件夹（新的或已有的），或项目中 export/ 下的文件夹',
    ),
    'exporting.out_exists.hint': entry<{ found: 'file' | 'dir' | 'link' | 'other' }>(
      (a) => (a.found === 'file' ? 'pass --force to replace it, or name another file' : 'name a file path'),
      (a) => (a.found === 'file' ? '加 --force 替换它，或换一个文件名' : '请指定一个文件路径'),
    ),
  }),
  // ---- executors (executor.ts, execute-step.ts, demo-executor.ts) ----
  executor: () => ({
    'executor.invalid_packet': entry<{ file: string }>(
      (a) => `${a.file}: not a valid instruction packet`,
      (a) => `${a.file}：不是有效的指令包`,
    ),
    'executor.outside_scope': entry<{ file: string; scope: readonly string[] }>(
      (a) => `${a.file} is outside the write scope ${[...a.scope].join(', ')}`,
      (a) => `${a.file} 不在可写范围 ${[...a.scope].join('、')} 之内`,
    ),
    'executor.codex_model': entry(
      (_) =>
        'run --executor codex: no model chosen; Codex reports no model, so novel passes one explicitly and records it',
      (_) => 'run --executor codex：没有指定模型；Codex 不报告所用模型，所以 novel 明确传入并记录一个',
    ),
    'executor.codex_model.hint': entry(
      (_) => 'pass --model <name> (e.g. --model gpt-5.1-codex), or set executor.model in novel.config.json',
      (_) => '用 --model 指定（例如 --model gpt-5.1-codex），或在 novel.config.json 中设置 executor.model',
    ),
    'executor.install': entry<{ kind: string }>(
      (a) =>
        a.kind === 'claude'
          ? 'install Claude Code (npm install -g @anthropic-ai/claude-code) or choose another --executor'
          : a.kind === 'codex'
            ? 'install the Codex CLI (npm install -g @openai/codex) or choose another --executor'
            : 'check the command template: its program must exist and be executable',
      (a) =>
        a.kind === 'claude'
          ? '安装 Claude Code（npm install -g @anthropic-ai/claude-code），或换一个 --executor'
          : a.kind === 'codex'
            ? '安装 Codex CLI（npm install -g @openai/codex），或换一个 --executor'
            : '检查命令模板：其中的程序须存在且可执行',
    ),
    'executor.not_on_path': entry<{ kind: string }>(
      (a) => `cannot start ${a.kind}: not found on PATH (is it installed and on PATH?)`,
      (a) => `无法启动 ${a.kind}：PATH 中找不到它（是否已安装并加入 PATH？）`,
    ),
    'executor.cannot_start': entry<{ file: string; error: string }>(
      (a) => `cannot start ${a.file}: ${a.error} (is it installed and on PATH?)`,
      (a) => `无法启动 ${a.file}：${a.error}（是否已安装并加入 PATH？）`,
    ),
    'executor.ended': entry<{ who: string; signal: string | null; code: number | null; stderr: string }>(
      (a) => `${a.who} ${a.signal ? `killed by ${a.signal}` : `exited ${a.code}`}${a.stderr}`,
      (a) => `${a.who} ${a.signal ? `被 ${a.signal} 终止` : `退出，退出码 ${a.code}`}${a.stderr}`,
    ),
    'executor.at_step': entry<{ step: string; what: string }>(
      (a) => `${a.step}: ${a.what}`,
      (a) => `${a.step}：${a.what}`,
    ),
  }),
  // ---- novel run: why it stopped, what it says meanwhile (run-loop.ts, execute-step.ts, run-session.ts) ----
  running: () => ({
    'running.staging_overflow': entry<{ step: string; count: number; limit: number; dirs: string; command: string }>(
      (a) =>
        `${a.step}: staging/ holds ${a.count} entries, above the limit of ${a.limit} ` +
        `(staging_max_files in novel.config.json): the step did not run. Clean the ` +
        `biggest folders (${a.dirs}), e.g. ${a.command}, then \`novel run\` again`,
      (a) =>
        `${a.step}：staging/ 里有 ${a.count} 项，超过上限 ${a.limit}（novel.config.json 的 staging_max_files）：` +
        `这一步没有运行。请清理最大的几个目录（${a.dirs}），例如 ${a.command}，然后再运行 \`novel run\``,
    ),
    'running.outside_staging': entry<{
      step: string;
      changed: number;
      restored: number;
      changes: readonly string[];
      planted: readonly PlantedLine[];
    }>(
      (a) =>
        `${a.step}: the executor ` +
        `${a.changed ? `changed ${a.changed} path(s) outside staging/ (${a.restored} restored)` : ''}` +
        `${a.changed && a.planted.length ? ' and ' : ''}` +
        `${a.planted.length ? `wrote ${a.planted.length} path(s) that are not its own outputs` : ''}` +
        `; the step failed and orchestrator_state is ` +
        `ERROR_RETRY:\n${listed([...a.changes, ...[...a.planted].map(plantedEn)])}` +
        `\nRepair what is not restored, then \`novel run\` again`,
      (a) =>
        `${a.step}：执行器${a.changed ? `改动了 staging/ 之外的 ${a.changed} 个路径（已恢复 ${a.restored} 个）` : ''}` +
        `${a.changed && a.planted.length ? '，并且' : ''}` +
        `${a.planted.length ? `写了 ${a.planted.length} 个不属于这一步产出的路径` : ''}；这一步失败，` +
        `orchestrator_state 为 ERROR_RETRY：\n${listed([...a.changes, ...[...a.planted].map(plantedZh)])}\n修复未` +
        `恢复的部分后，再运行 \`novel run\``,
    ),
    'running.late_changes': entry<{ step: string; changes: readonly string[] }>(
      (a) =>
        `${a.step}: between steps, ${a.changes.length} file(s) of the settings or the story bible ` +
        `changed (restored); a process the run did not start, or one an executor left behind, ` +
        `wrote them:\n${listed([...a.changes])}\nFind the writer, then \`novel run\` again`,
      (a) =>
        `${a.step}：两步之间，设定或故事圣经中有 ${a.changes.length} ` +
        `个文件被改动（已恢复）；写它们的是本次运行之外的进程，或执行器遗留的进程：` +
        `\n${listed([...a.changes])}\n找出写入者后，再运行 \`novel run\``,
    ),
    'running.ctrl_c': entry(
      (_) => 'stopped by Ctrl-C; `novel next` resumes',
      (_) => '已按 Ctrl-C 停止；`novel next` 可从这里继续',
    ),
    'running.finishing': entry(
      (_) => 'novel run: finishing the current step, then stopping (Ctrl-C again to abort now)',
      (_) => 'novel run：先完成当前这一步，然后停止（再按一次 Ctrl-C 立即中止）',
    ),
    'running.signal': entry<{ signal: string }>(
      (a) => `novel run: stopped by ${a.signal}; \`novel next\` resumes`,
      (a) => `novel run：已被 ${a.signal} 停止；\`novel next\` 可从这里继续`,
    ),
    'running.sandbox_unavailable.hint': entry(
      (_) =>
        'install bubblewrap (apt-get install bubblewrap) and allow user ' +
        'namespaces, or set executor.sandbox to "auto" in novel.config.json',
      (_) =>
        '安装 bubblewrap（apt-get install bubblewrap）并允许用户命名空间，' +
        '或在 novel.config.json 中把 executor.sandbox 设为 "auto"',
    ),
  }),
  // ---- novel serve (serve.ts) ----
  serving: () => ({
    'serving.token_required': entry<{ host: string }>(
      (a) => `serve --host ${a.host}: another host than loopback needs --token T (every request then carries it)`,
      (a) => `serve --host ${a.host}：非本机地址须加 --token T（之后每个请求都要带上它）`,
    ),
    'serving.token_required.hint': entry<{ host: string }>(
      (a) =>
        `novel serve --host ${a.host} --token "$(openssl rand -hex ` +
        `16)" (the page is then at http://HOST:PORT/?token=…)`,
      (a) => `novel serve --host ${a.host} --token "$(openssl rand -hex 16)"（页面地址为 http://HOST:PORT/?token=…）`,
    ),
    'serving.port_in_use': entry<{ port: number; host: string }>(
      (a) => `serve: port ${a.port} on ${a.host} is in use`,
      (a) => `serve：${a.host} 的端口 ${a.port} 已被占用`,
    ),
    'serving.port_in_use.hint': entry(
      (_) => 'pass another --port, or --port 0 for any free one',
      (_) => '换一个 --port，或用 --port 0 自动选空闲端口',
    ),
    'serving.host_unusable': entry<{ host: string; error: string }>(
      (a) => `serve --host ${a.host}: cannot listen there (${a.error})`,
      (a) => `serve --host ${a.host}：无法在这个地址上监听（${a.error}）`,
    ),
    'serving.host_unusable.hint': entry(
      (_) => 'pass an address of this machine: 127.0.0.1 (the default), ::1, or 0.0.0.0 with --token',
      (_) => '请用本机的地址：127.0.0.1（默认）、::1，或 0.0.0.0 加 --token',
    ),
  }),
  // ---- novel lint of a chapter (chapter-lint.ts) ----
  linting: () => ({
    'linting.chapter_missing': entry<{ chapter: number; staged: string; committed: string }>(
      (a) => `chapter ${a.chapter}: neither staged (${a.staged}) nor committed (${a.committed})`,
      (a) => `第${a.chapter}章既不在暂存区（${a.staged}）也未入库（${a.committed}）`,
    ),
    'linting.chapter_missing.hint': entry(
      (_) =>
        'lint a chapter in flight or committed: `novel chapters` ' +
        'lists the committed ones, `novel next` the one in flight',
      (_) => '只能检查正在写或已入库的章节：`novel chapters` 列出已入库的，`novel next` 给出正在写的',
    ),
  }),
  // ---- why no box can be had here (sandbox.ts) ----
  boxprobe: () => ({
    'boxprobe.linux_only': entry<{ platform: string }>(
      (a) => `bubblewrap is Linux only (this is ${a.platform})`,
      (a) => `bubblewrap 只能在 Linux 上使用（这里是 ${a.platform}）`,
    ),
    'boxprobe.not_on_path': entry(
      (_) => 'bwrap not found on PATH (Debian/Ubuntu: apt-get install bubblewrap)',
      (_) => 'PATH 中找不到 bwrap（Debian/Ubuntu：apt-get install bubblewrap）',
    ),
    'boxprobe.cannot_box': entry<{ bwrap: string; error: string }>(
      (a) =>
        `${a.bwrap} cannot make a box here: ${a.error} ` +
        `(user namespaces disabled? see kernel.unprivileged_userns_clone)`,
      (a) => `${a.bwrap} 在这里无法建立沙箱：${a.error}（用户命名空间被禁用了？见 kernel.unprivileged_userns_clone）`,
    ),
  }),
  // ---- novel doctor's fixes (doctor.ts) ----
  publishing: () => ({
    'publishing.file.hint': entry<{ file: string }>(
      (a) =>
        `each line of ${a.file} is {"chapter": N, "date": "YYYY-MM-DD", "sha256": "…"}; fix or remove the line named`,
      (a) => `${a.file} 的每一行是 {"chapter": N, "date": "YYYY-MM-DD", "sha256": "…"}；修正或删除所指的那一行`,
    ),
    'publishing.not_committed': entry<{ chapter: number; last: number }>(
      (a) => `chapter ${a.chapter} is not committed (the book is committed through chapter ${a.last})`,
      (a) => `第 ${a.chapter} 章尚未入库（已入库到第 ${a.last} 章）`,
    ),
    'publishing.not_committed.hint': entry(
      (_) => 'publish only committed chapters: novel publish --through N, with N at most the last committed chapter',
      (_) => '只能发布已入库的章节：novel publish --through N，N 不超过最后入库的一章',
    ),
    'publishing.refused': entry<{ chapter: number; word: string; line: number | null }>(
      (a) =>
        `chapter ${a.chapter} holds the sensitive word "${a.word}"${a.line === null ? '' : ` (line ${a.line})`}: ` +
        'nothing was published',
      (a) => `第 ${a.chapter} 章含敏感词“${a.word}”${a.line === null ? '' : `（第 ${a.line} 行）`}：未发布任何章节`,
    ),
    'publishing.title_refused': entry<{
      chapter: number;
      title: string;
      platform: string;
      word: string;
      named: number;
      act: 'export' | 'publish';
    }>(
      (a) =>
        `chapter ${a.chapter}'s title "${a.title}" ${
          a.word ? `holds "${a.word}", which ${a.platform} refuses in a title` : `names chapter ${a.named}`
        }: nothing was ${a.act === 'export' ? 'exported' : 'published'}`,
      (a) =>
        `第 ${a.chapter} 章的标题“${a.title}”${
          a.word ? `含 ${a.platform} 不允许出现在标题中的“${a.word}”` : `写的是第 ${a.named} 章`
        }：${a.act === 'export' ? '未导出任何文件' : '未发布任何章节'}`,
    ),
    'publishing.refused.hint': entry<{ ref: string }>(
      (a) => `rephrase it (novel lint ${a.ref} lists every hit), then publish again`,
      (a) => `改写后再发布（novel lint ${a.ref} 会列出每一处）`,
    ),
    'publishing.pick': entry(
      (_) => 'give exactly one of --through N and --chapter N',
      (_) => '--through N 与 --chapter N 二选一',
    ),
    'publishing.date': entry<{ found: string }>(
      (a) => `--date: expected a date YYYY-MM-DD, found ${a.found}`,
      (a) => `--date：应为日期 YYYY-MM-DD，实际为 ${a.found}`,
    ),
    'publishing.done': entry<{ n: number; from: number; to: number; date: string }>(
      (a) => (a.n === 0 ? 'nothing new to publish' : `published ${a.n} chapter(s), ${a.from}–${a.to}, on ${a.date}`),
      (a) => (a.n === 0 ? '没有新的章节可发布' : `已发布 ${a.n} 章（第 ${a.from}–${a.to} 章），日期 ${a.date}`),
    ),
    'publishing.buffer': entry<{
      published: number;
      through: number | null;
      stock: number;
      zishu: number;
      wan: string;
      rate: number | null;
      days: number | null;
    }>(
      (a) =>
        `published: ${a.published} chapter(s)${a.through === null ? '' : ` (through chapter ${a.through})`}; ` +
        `存稿 (committed, not published): ${a.stock} chapter(s), ${a.zishu} 字` +
        (a.zishu >= 10_000 ? ` (${a.wan})` : '') +
        (a.days === null ? '' : `; ${a.days} day(s) of buffer at ${a.rate} a day`),
      (a) =>
        `已发布 ${a.published} 章${a.through === null ? '' : `（至第 ${a.through} 章）`}；` +
        `存稿（已入库未发布）${a.stock} 章，${a.wan}` +
        (a.zishu >= 10_000 ? `（${a.zishu} 字）` : '') +
        (a.days === null ? '' : `；按近日每天 ${a.rate} 章，可更 ${a.days} 天`),
    ),
    'publishing.changed': entry<{ list: string }>(
      (a) =>
        `published_changed: chapter(s) ${a.list} changed since they were published ` +
        '(publish them again to record the new text: novel publish --chapter N)',
      (a) => `published_changed：第 ${a.list} 章发布后又有改动` + '（重新发布以记录新文本：novel publish --chapter N）',
    ),
    'publishing.rewind_guard': entry<{ chapter: number; through: number }>(
      (a) =>
        `chapter ${a.chapter} is published (chapters are published through ${a.through}): ` +
        'a rewind to it would redraft what readers have read',
      (a) => `第 ${a.chapter} 章已发布（已发布到第 ${a.through} 章）：回退到这里会重写读者已读过的内容`,
    ),
    'publishing.rewind_guard.hint': entry<{ ref: string }>(
      (a) => `rewind to ${a.ref} or later, or add --force if you mean it`,
      (a) => `回退到 ${a.ref} 或之后；确有此意请加 --force`,
    ),
  }),
  doctoring: () => ({
    'doctoring.correct_config': entry<{ file: string }>(
      (a) => `correct ${a.file} (docs/configuration.md)`,
      (a) => `修正 ${a.file}（见 docs/configuration.md）`,
    ),
  }),
} as const satisfies Record<string, () => Record<string, ReturnType<typeof entry<never>>>>;

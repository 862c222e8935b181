/**
 * The catalogue's messages of the dashboard of `novel serve` (src/web/app.ts):
 * the page imports this area file alone, not the whole catalogue. Pure.
 */
import { entry } from './entry.js';
import { ACTION_NAMES, RUNGS, stateNames } from '../step-table.js';
import { DIMENSION_ZH } from '../dimension-names.js';

/** The live events the page lists. */
const EVENTS: Record<string, { en: string; zh: string } | undefined> = {
  execute: { en: 'started', zh: '开始执行' },
  executed: { en: 'executed', zh: '执行完成' },
  advance: { en: 'advanced', zh: '登记' },
  commit: { en: 'committed', zh: '入库' },
  checkpoint: { en: 'checkpoint', zh: '检查点更新' },
};

export const WEB_GROUPS = {
  dashboard: () => ({
    'dashboard.progress': entry(
      (_) => 'Progress',
      (_) => '进度',
    ),
    'dashboard.chapters': entry(
      (_) => 'Chapters',
      (_) => '章节',
    ),
    'dashboard.charts': entry(
      (_) => 'Charts',
      (_) => '图表',
    ),
    'dashboard.timeline': entry(
      (_) => 'Foreshadowing',
      (_) => '伏笔',
    ),
    'dashboard.characters': entry(
      (_) => 'Characters',
      (_) => '人物',
    ),
    'dashboard.storylines': entry(
      (_) => 'Storylines',
      (_) => '故事线',
    ),
    'dashboard.machines': entry(
      (_) => 'Machines',
      (_) => '状态机',
    ),
    'dashboard.committed': entry(
      (_) => 'committed',
      (_) => '已入库',
    ),
    'dashboard.chapterUnit': entry(
      (_) => 'chapters',
      (_) => '章',
    ),
    'dashboard.zishu': entry(
      (_) => '字数',
      (_) => '字数',
    ),
    'dashboard.cost': entry(
      (_) => 'cost',
      (_) => '费用',
    ),
    'dashboard.tokens': entry(
      (_) => 'tokens',
      (_) => '词元（tokens）',
    ),
    'dashboard.dormant': entry(
      (_) => 'dormant foreshadowing',
      (_) => '沉寂伏笔',
    ),
    'dashboard.next': entry(
      (_) => 'next',
      (_) => '下一步',
    ),
    'dashboard.why': entry(
      (_) => 'why',
      (_) => '原因',
    ),
    'dashboard.live': entry(
      (_) => 'Live',
      (_) => '实时动态',
    ),
    'dashboard.waiting': entry(
      (_) => 'waiting for novel run…',
      (_) => '等待 novel run 的动态…',
    ),
    'dashboard.connected': entry(
      (_) => 'live events connected',
      (_) => '已连接实时动态',
    ),
    'dashboard.disconnected': entry(
      (_) => 'live events lost, reconnecting',
      (_) => '实时动态已断开，正在重连',
    ),
    'dashboard.chartZishu': entry(
      (_) => '字数 per chapter (green band: target)',
      (_) => '每章字数（绿带为目标区间）',
    ),
    'dashboard.chartScore': entry(
      (_) => 'Overall score (dashed: gate thresholds)',
      (_) => '每章总分（虚线为闸门阈值）',
    ),
    'dashboard.chartDensity': entry(
      (_) => 'AI clichés per 1,000 字',
      (_) => 'AI 套话密度（每千字）',
    ),
    'dashboard.chartCost': entry(
      (_) => 'Cost (USD): per chapter and in total',
      (_) => '费用（美元）：每章与累计',
    ),
    'dashboard.prev': entry(
      (_) => 'previous',
      (_) => '上一页',
    ),
    'dashboard.nextPage': entry(
      (_) => 'next',
      (_) => '下一页',
    ),
    'dashboard.of': entry(
      (_) => 'of',
      (_) => '共',
    ),
    'dashboard.none': entry(
      (_) => 'none yet',
      (_) => '暂无',
    ),
    'dashboard.planted': entry(
      (_) => 'planted',
      (_) => '埋下',
    ),
    'dashboard.due': entry(
      (_) => 'due',
      (_) => '应回收',
    ),
    'dashboard.resolved': entry(
      (_) => 'resolved',
      (_) => '已回收',
    ),
    'dashboard.dormantTag': entry(
      (_) => 'dormant',
      (_) => '沉寂',
    ),
    'dashboard.overdueTag': entry(
      (_) => 'overdue',
      (_) => '逾期',
    ),
    'dashboard.published': entry(
      (_) => 'chapters published',
      (_) => '章已发布',
    ),
    'dashboard.today': entry<{ streak: number }>(
      (a) => `字 today against the goal; streak ${a.streak} day(s)`,
      (a) => `今日字数 / 目标；连续达标 ${a.streak} 天`,
    ),
    'dashboard.calendar': entry(
      (_) => 'the daily goal over the last 90 days',
      (_) => '近 90 天的日更目标',
    ),
    'dashboard.stock': entry<{ zishu: number; days: number | null }>(
      (a) => `chapters of 存稿, ${a.zishu} 字${a.days === null ? '' : `, ${a.days} days of buffer`}`,
      (a) => `章存稿，${a.zishu} 字${a.days === null ? '' : `，可更 ${a.days} 天`}`,
    ),
    'dashboard.continuity': entry(
      (_) => 'Continuity',
      (_) => '连续性',
    ),
    'dashboard.continuityHead': entry<{ chapters: number; findings: number }>(
      (a) => `${a.chapters} chapter(s) held against the state: ${a.findings} finding(s)`,
      (a) => `已核对 ${a.chapters} 章：${a.findings} 处连续性问题`,
    ),
    'dashboard.fact': entry<{ fact: string }>(
      (a) => a.fact,
      (a) => ({ status: '状态', realm: '境界', location: '位置' })[a.fact] ?? `字段 ${a.fact}`,
    ),
    'dashboard.location': entry(
      (_) => 'location',
      (_) => '位置',
    ),
    'dashboard.lastSeen': entry(
      (_) => 'last seen',
      (_) => '最后出场',
    ),
    'dashboard.unknown': entry(
      (_) => 'unknown',
      (_) => '未知',
    ),
    'dashboard.book': entry(
      (_) => 'Book machine',
      (_) => '全书状态机',
    ),
    'dashboard.chapterMachine': entry(
      (_) => 'Chapter machine',
      (_) => '章节状态机',
    ),
    'dashboard.current': entry(
      (_) => 'current',
      (_) => '当前',
    ),
    'dashboard.back': entry(
      (_) => '← overview',
      (_) => '← 返回总览',
    ),
    'dashboard.prevCh': entry(
      (_) => '← previous',
      (_) => '← 上一章',
    ),
    'dashboard.nextCh': entry(
      (_) => 'next →',
      (_) => '下一章 →',
    ),
    'dashboard.lint': entry(
      (_) => 'Lint',
      (_) => '质量检查',
    ),
    'dashboard.noFindings': entry(
      (_) => 'no findings',
      (_) => '没有发现问题',
    ),
    'dashboard.evaluation': entry(
      (_) => 'Evaluation',
      (_) => '评审',
    ),
    'dashboard.drafts': entry(
      (_) => 'Two drafts side by side',
      (_) => '两稿对照',
    ),
    'dashboard.loading': entry(
      (_) => 'loading…',
      (_) => '加载中…',
    ),
    'dashboard.notFound': entry(
      (_) => 'no such chapter',
      (_) => '没有这一章',
    ),
    'dashboard.inspector': entry(
      (_) => 'Run novel run --inspect in a terminal to watch the live machine in the Stately inspector.',
      (_) => '在终端运行 novel run --inspect 可在 Stately 检视器中查看实时状态机。',
    ),
    'dashboard.round': entry<{ n: number }>(
      (a) => `round ${a.n}`,
      (a) => `第 ${a.n} 稿`,
    ),
    'dashboard.schedule': entry<{ v: number }>(
      (a) => `volume ${a.v} schedule`,
      (a) => `卷 ${a.v} 排期`,
    ),
    'dashboard.col.chapter': entry(
      (_) => 'ch.',
      (_) => '章',
    ),
    'dashboard.col.title': entry(
      (_) => 'title',
      (_) => '章名',
    ),
    'dashboard.col.zishu': entry(
      (_) => '字数',
      (_) => '字数',
    ),
    'dashboard.col.overall': entry(
      (_) => 'overall',
      (_) => '总分',
    ),
    'dashboard.col.gate': entry(
      (_) => 'gate',
      (_) => '闸门',
    ),
    'dashboard.col.revisions': entry(
      (_) => 'rev.',
      (_) => '修改',
    ),
    'dashboard.col.lint': entry(
      (_) => 'hard/soft',
      (_) => '硬伤/提示',
    ),
    'dashboard.col.density': entry(
      (_) => 'clichés/k',
      (_) => '套话/千字',
    ),
    'dashboard.col.hook': entry(
      (_) => 'hook',
      (_) => '钩子',
    ),
    'dashboard.col.cost': entry(
      (_) => 'cost',
      (_) => '费用',
    ),
    'dashboard.label': entry<{ label: string }>(
      (a) => `${a.label}: `,
      (a) => `${a.label}：`,
    ),
    'dashboard.event': entry<{ event: string }>(
      (a) => EVENTS[a.event]?.en ?? a.event,
      (a) => EVENTS[a.event]?.zh ?? a.event,
    ),
    'dashboard.dimension': entry<{ name: string; score: string; reason: string }>(
      (a) => `${a.name} ${a.score}: ${a.reason}`,
      (a) => `${DIMENSION_ZH[a.name] ?? a.name} ${a.score}：${a.reason}`,
    ),
    'dashboard.state': entry<{ state: string }>(
      (a) => a.state.replace(/^writing\./, ''),
      (a) => stateNames(a.state)?.zh ?? `状态 ${a.state.replace(/^writing\./, '')}`,
    ),
    'dashboard.rung': entry<{ rung: string }>(
      (a) => a.rung,
      (a) => (RUNGS as Record<string, { zh: string } | undefined>)[a.rung]?.zh ?? a.rung,
    ),
    'dashboard.action': entry<{ action: string }>(
      (a) => a.action,
      (a) => ACTION_NAMES[a.action]?.zh ?? a.action,
    ),
    'dashboard.chartChapter': entry(
      (_) => 'chapter',
      (_) => '章',
    ),
    'dashboard.chartOverall': entry(
      (_) => 'overall',
      (_) => '总分',
    ),
    'dashboard.chartDensityLabel': entry(
      (_) => 'per 1,000 字',
      (_) => '套话/千字',
    ),
    'dashboard.chartTotal': entry(
      (_) => 'total',
      (_) => '累计',
    ),
    'dashboard.chartPerChapter': entry(
      (_) => 'per chapter',
      (_) => '每章',
    ),
    'dashboard.chapterRef': entry<{ n: number }>(
      (a) => `ch. ${a.n}`,
      (a) => `第${a.n}章`,
    ),
    'dashboard.severity': entry<{ severity: string }>(
      (a) => a.severity,
      (a) => (({ hard: '硬伤', soft: '提示', warn: '留意' }) as Record<string, string>)[a.severity] ?? a.severity,
    ),
    'dashboard.aiFlavour': entry<{ score: string }>(
      (a) => `AI flavour ${a.score}`,
      (a) => `AI味 ${a.score}`,
    ),
    'dashboard.findingLine': entry<{ line: number }>(
      (a) => `line ${a.line}`,
      (a) => `第${a.line}行`,
    ),
    'dashboard.findingFix': entry<{ fix: string }>(
      (a) => `fix: ${a.fix}`,
      (a) => `改法：${a.fix}`,
    ),
  }),
} as const;

/** The dashboard's table columns, in order. */
export const DASHBOARD_COLUMNS = [
  'dashboard.col.chapter',
  'dashboard.col.title',
  'dashboard.col.zishu',
  'dashboard.col.overall',
  'dashboard.col.gate',
  'dashboard.col.revisions',
  'dashboard.col.lint',
  'dashboard.col.density',
  'dashboard.col.hook',
  'dashboard.col.cost',
] as const;

/**
 * The page of `novel serve`: one dashboard of the book (progress, charts,
 * chapter table, 伏笔 timeline, characters, storylines, the machines) and a
 * reader for one chapter (#/chapter/N). It only reads the JSON API; live
 * events arrive over server-sent events. Every text from the book is set as
 * text, never as markup.
 */
import uPlot from 'uplot';
import { keysOf, RUNGS } from '../core/step-table.js';

type Obj = Record<string, any>;
type Lang = 'zh' | 'en';

const T = {
  zh: {
    progress: '进度', chapters: '章节', charts: '图表', timeline: '伏笔', characters: '人物', storylines: '故事线', machines: '状态机',
    committed: '已入库', chapterUnit: '章', zishu: '字数', cost: '费用', tokens: 'tokens', dormant: '沉寂伏笔', next: '下一步', why: '原因',
    live: '实时动态', waiting: '等待 novel run 的动态…', connected: '已连接实时动态', disconnected: '实时动态已断开，正在重连',
    chartZishu: '每章字数（绿带为目标区间）', chartScore: '每章总分（虚线为闸门阈值）', chartDensity: 'AI 套话密度（每千字）', chartCost: '费用（美元）：每章与累计',
    col: ['章', '章名', '字数', '总分', '闸门', '修改', '硬伤/提示', '套话/千字', '钩子', '费用'],
    prev: '上一页', nextPage: '下一页', of: '共', none: '暂无', planted: '埋下', due: '应回收', resolved: '已回收', dormantTag: '沉寂', overdueTag: '逾期',
    location: '位置', lastSeen: '最后出场', unknown: '未知', book: '全书状态机', chapterMachine: '章节状态机', current: '当前',
    back: '← 返回总览', prevCh: '← 上一章', nextCh: '下一章 →', lint: '质量检查', noFindings: '没有发现问题', evaluation: '评审',
    drafts: '两稿对照', round: '第 {n} 稿', loading: '加载中…', notFound: '没有这一章', schedule: '卷 {v} 排期', inspector: '在终端运行 novel run --inspect 可在 Stately 检视器中查看实时状态机。',
    ev: { execute: '开始执行', executed: '执行完成', advance: '登记', commit: '入库', checkpoint: '检查点更新' } as Record<string, string>,
    rung: Object.fromEntries(keysOf(RUNGS).map((r) => [r, RUNGS[r].zh])) as Record<string, string>,
    action: { execute: '执行', advance: '登记', commit: '入库', review: '待作者决定', recover: '恢复', done: '完成', fix: '先修复' } as Record<string, string>,
  },
  en: {
    progress: 'Progress', chapters: 'Chapters', charts: 'Charts', timeline: 'Foreshadowing', characters: 'Characters', storylines: 'Storylines', machines: 'Machines',
    committed: 'committed', chapterUnit: 'chapters', zishu: '字数', cost: 'cost', tokens: 'tokens', dormant: 'dormant foreshadowing', next: 'next', why: 'why',
    live: 'Live', waiting: 'waiting for novel run…', connected: 'live events connected', disconnected: 'live events lost, reconnecting',
    chartZishu: '字数 per chapter (green band: target)', chartScore: 'Overall score (dashed: gate thresholds)', chartDensity: 'AI clichés per 1,000 字', chartCost: 'Cost (USD): per chapter and in total',
    col: ['ch.', 'title', '字数', 'overall', 'gate', 'rev.', 'hard/soft', 'clichés/k', 'hook', 'cost'],
    prev: 'previous', nextPage: 'next', of: 'of', none: 'none yet', planted: 'planted', due: 'due', resolved: 'resolved', dormantTag: 'dormant', overdueTag: 'overdue',
    location: 'location', lastSeen: 'last seen', unknown: 'unknown', book: 'Book machine', chapterMachine: 'Chapter machine', current: 'current',
    back: '← overview', prevCh: '← previous', nextCh: 'next →', lint: 'Lint', noFindings: 'no findings', evaluation: 'Evaluation',
    drafts: 'Two drafts side by side', round: 'round {n}', loading: 'loading…', notFound: 'no such chapter', schedule: 'volume {v} schedule', inspector: 'Run novel run --inspect in a terminal to watch the live machine in the Stately inspector.',
    ev: { execute: 'started', executed: 'executed', advance: 'advanced', commit: 'committed', checkpoint: 'checkpoint' } as Record<string, string>,
    rung: {} as Record<string, string>,
    action: {} as Record<string, string>,
  },
};
let lang: Lang = 'zh';
const t = () => T[lang];
const token = new URLSearchParams(location.search).get('token');
const api = (p: string): string => (token ? `${p}${p.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : p);

async function get(p: string): Promise<Obj> {
  const r = await fetch(api(p), { headers: { accept: 'application/json' } });
  const body = (await r.json()) as Obj;
  if (!r.ok) throw new Error(body.error?.message ?? `${r.status}`);
  return body;
}

/** An element with attributes and children (strings become text nodes). */
function h(tag: string, attrs: Obj = {}, ...kids: Array<Node | string | null | undefined | false>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = String(v);
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v as EventListener);
    else el.setAttribute(k, String(v));
  }
  for (const k of kids) if (k !== null && k !== undefined && k !== false) el.append(typeof k === 'string' ? document.createTextNode(k) : k);
  return el;
}
const fmt = (v: unknown): string => (v === null || v === undefined ? '-' : String(v));
const money = (v: unknown): string => (typeof v === 'number' ? `$${v.toFixed(4)}` : '?');
const chapterLink = (n: number, label?: string) => h('a', { href: `#/chapter/${n}` }, label ?? String(n));
const main = () => document.getElementById('main') as HTMLElement;

// ---------------------------------------------------------------- overview

let pageOffset = 0;
const PAGE = 50;
const charts: uPlot[] = [];

function section(id: string, title: string, ...kids: Array<Node | null>): HTMLElement {
  return h('section', { id }, h('h2', {}, title), ...kids);
}

async function renderOverview(): Promise<void> {
  const m = main();
  m.replaceChildren(
    section('progress', t().progress, h('div', { id: 'status' }, t().loading), h('h3', {}, t().live), h('ul', { id: 'live-log' }, h('li', { class: 'muted' }, t().waiting))),
    section('charts', t().charts, h('div', { class: 'charts', id: 'chart-grid' })),
    section('chapters', t().chapters, h('div', { id: 'chapter-table' }, t().loading)),
    section('timeline', t().timeline, h('div', { id: 'timeline-list' }, t().loading)),
    section('characters', t().characters, h('div', { id: 'character-list' }, t().loading)),
    section('storylines', t().storylines, h('div', { id: 'storyline-list' }, t().loading)),
    section('machines', t().machines, h('div', { id: 'machine-view' }, t().loading), h('p', { class: 'muted' }, t().inspector)),
  );
  await Promise.all([refreshStatus(), refreshCharts(), refreshTable(), refreshTimeline(), refreshCharacters(), refreshStorylines(), refreshMachines()].map((p) => p.catch(showError)));
}

function showError(err: unknown): void {
  const m = main();
  m.prepend(h('p', { class: 'error' }, String(err instanceof Error ? err.message : err)));
}

async function refreshStatus(): Promise<void> {
  const s = await get('/api/status');
  document.getElementById('book-title')!.textContent = s.title ?? 'novel';
  document.title = `${s.title ?? 'novel'} · novel`;
  const el = document.getElementById('status');
  if (!el) return;
  const totals = s.totals ?? {};
  el.replaceChildren(
    h(
      'div',
      { class: 'grid' },
      h('div', { class: 'stat', id: 'chapters-count' }, h('b', {}, String(s.last_completed_chapter)), `${t().committed} ${t().chapterUnit}`),
      h('div', { class: 'stat' }, h('b', {}, String(totals.zishu ?? 0)), t().zishu),
      h('div', { class: 'stat' }, h('b', {}, money(totals.cost_usd)), t().cost),
      h('div', { class: 'stat' }, h('b', {}, String((totals.input_tokens ?? 0) + (totals.output_tokens ?? 0))), t().tokens),
      h('div', { class: 'stat' }, h('b', {}, String(s.dormant_foreshadowing ?? 0)), t().dormant),
    ),
    h('div', { class: 'rungs' }, ...(s.stages ?? []).map((r: Obj) => h('span', { class: `rung ${r.status}`, 'data-rung': r.name }, t().rung[r.name] ?? r.name))),
    h('p', {}, h('b', {}, `${t().next}：`), h('code', { id: 'next-step' }, s.next?.step ?? ''), ` · ${t().action[s.next?.action] ?? s.next?.action ?? ''}`),
    h('p', { class: 'muted' }, `${t().why}：${(lang === 'zh' ? s.next?.reason_zh : null) ?? s.next?.reason ?? ''}`),
  );
}

async function refreshCharts(): Promise<void> {
  const s = await get('/api/series');
  const grid = document.getElementById('chart-grid');
  if (!grid) return;
  for (const c of charts.splice(0)) c.destroy();
  grid.replaceChildren();
  const x = s.chapter as number[];
  const flat = (v: number | null | undefined) => x.map(() => v ?? null);
  const add = (id: string, title: string, series: Array<{ label: string; values: Array<number | null>; stroke: string; dash?: number[]; fill?: string }>, bands?: uPlot.Band[], range?: [number, number]) => {
    const box = h('div', { class: 'chart', id }, h('h3', {}, title));
    grid.append(box);
    const opts: uPlot.Options = {
      width: Math.max(240, box.clientWidth - 4),
      height: 200,
      scales: { x: { time: false }, ...(range ? { y: { range } } : {}) },
      axes: [{}, {}],
      legend: { show: true },
      series: [{ label: lang === 'zh' ? '章' : 'chapter' }, ...series.map((se) => ({ label: se.label, stroke: se.stroke, width: 1.5, ...(se.dash ? { dash: se.dash } : {}), ...(se.fill ? { fill: se.fill } : {}), spanGaps: true, points: { show: x.length <= 60 } }))],
      ...(bands ? { bands } : {}),
    };
    charts.push(new uPlot(opts, [x, ...series.map((se) => se.values)] as uPlot.AlignedData, box));
  };
  const target = s.zishu_target as [number, number] | null;
  add(
    'chart-zishu',
    t().chartZishu,
    [{ label: t().zishu, values: s.zishu, stroke: '#b4441c' }, ...(target ? [{ label: `${target[1]}`, values: flat(target[1]), stroke: '#1a7f37', dash: [4, 4] }, { label: `${target[0]}`, values: flat(target[0]), stroke: '#1a7f37', dash: [4, 4] }] : [])],
    target ? [{ series: [2, 3], fill: 'rgba(26,127,55,0.12)' }] : undefined,
  );
  const th = s.thresholds ?? {};
  add('chart-score', t().chartScore, [
    { label: lang === 'zh' ? '总分' : 'overall', values: s.overall, stroke: '#0969da' },
    { label: `pass ${th.pass}`, values: flat(th.pass), stroke: '#1a7f37', dash: [4, 4] },
    { label: `revise ${th.revise}`, values: flat(th.revise), stroke: '#cf222e', dash: [4, 4] },
  ], undefined, [0, 5]);
  add('chart-density', t().chartDensity, [{ label: lang === 'zh' ? '套话/千字' : 'per 1,000 字', values: s.blacklist_per_kchars, stroke: '#9a6700' }]);
  add('chart-cost', t().chartCost, [
    { label: lang === 'zh' ? '累计' : 'total', values: s.cost_cumulative, stroke: '#8250df' },
    { label: lang === 'zh' ? '每章' : 'per chapter', values: s.cost_usd, stroke: '#bf8700' },
  ]);
}

async function refreshTable(): Promise<void> {
  const d = await get(`/api/chapters?offset=${pageOffset}&limit=${PAGE}`);
  const el = document.getElementById('chapter-table');
  if (!el) return;
  const rows = d.rows as Obj[];
  const head = h('tr', {}, ...t().col.map((c) => h('th', {}, c)));
  const body = rows.map((r) =>
    h(
      'tr',
      {},
      h('td', {}, chapterLink(r.chapter)),
      h('td', {}, chapterLink(r.chapter, r.title ?? '')),
      h('td', {}, fmt(r.zishu)),
      h('td', {}, fmt(r.overall)),
      h('td', {}, fmt(r.gate)),
      h('td', {}, fmt(r.revisions)),
      h('td', {}, r.lint_hard === null ? '-' : `${r.lint_hard}/${r.lint_soft ?? 0}`),
      h('td', {}, fmt(r.blacklist_per_kchars)),
      h('td', {}, fmt(r.hook_strength)),
      h('td', {}, money(r.cost_usd)),
    ),
  );
  // The title column reads left to right; the rest are numbers.
  const from = d.total === 0 ? 0 : d.offset + 1;
  const to = d.offset + rows.length;
  el.replaceChildren(
    h('div', { class: 'table-wrap' }, h('table', { id: 'chapters-table' }, h('thead', {}, head), h('tbody', {}, ...body))),
    h(
      'div',
      { class: 'pager' },
      h('button', { id: 'page-prev', disabled: d.offset === 0, onclick: () => ((pageOffset = Math.max(0, pageOffset - PAGE)), void refreshTable()) }, t().prev),
      h('span', { id: 'page-info' }, `${from}–${to} / ${t().of} ${d.total}`),
      h('button', { id: 'page-next', disabled: to >= d.total, onclick: () => ((pageOffset += PAGE), void refreshTable()) }, t().nextPage),
    ),
  );
}

async function refreshTimeline(): Promise<void> {
  const d = await get('/api/foreshadowing');
  const el = document.getElementById('timeline-list');
  if (!el) return;
  const items = d.items as Obj[];
  if (!items.length) {
    el.replaceChildren(h('p', { class: 'muted' }, t().none));
    return;
  }
  const span = Math.max(d.last_completed_chapter + 1, ...items.map((i) => Math.max(i.due?.[1] ?? 0, i.resolved_chapter ?? 0, ...(i.chapters as number[]))));
  const pct = (c: number) => `${Math.max(0, Math.min(100, ((c - 1) / Math.max(1, span - 1)) * 100))}%`;
  el.replaceChildren(
    h('p', { class: 'muted' }, `${t().planted} → ${t().due} → ${t().resolved} · ${t().dormantTag} ${d.dormant} · ${t().overdueTag} ${d.overdue}${d.total > items.length ? ` · ${items.length} / ${d.total}` : ''}`),
    ...items.map((i) => {
      const track = h('div', { class: 'tl-track', title: `${i.id}` });
      if (i.due) track.append(h('div', { class: 'tl-due', style: `left:${pct(i.due[0])};width:calc(${pct(i.due[1])} - ${pct(i.due[0])})` }));
      const end = i.resolved_chapter ?? d.last_completed_chapter;
      if (i.planted_chapter !== null) track.append(h('div', { class: 'tl-span', style: `left:${pct(i.planted_chapter)};width:calc(${pct(end)} - ${pct(i.planted_chapter)})` }));
      for (const c of i.chapters as number[]) track.append(h('a', { class: `tl-mark${c === i.resolved_chapter ? ' resolved' : ''}`, href: `#/chapter/${c}`, style: `left:${pct(c)}`, title: String(c) }));
      return h(
        'div',
        { class: 'tl-row', 'data-id': i.id },
        h(
          'div',
          {},
          h('b', {}, i.id),
          i.dormant ? h('span', { class: 'tag dormant' }, t().dormantTag) : null,
          i.overdue ? h('span', { class: 'tag overdue' }, t().overdueTag) : null,
          i.resolved_chapter !== null ? h('span', { class: 'tag resolved' }, t().resolved) : null,
          h('div', { class: 'muted' }, i.description ?? ''),
          h('div', { class: 'tl-links' }, ...(i.chapters as number[]).map((c) => chapterLink(c, lang === 'zh' ? `第${c}章` : `ch. ${c}`))),
        ),
        track,
      );
    }),
  );
}

async function refreshCharacters(): Promise<void> {
  const d = await get('/api/characters');
  const el = document.getElementById('character-list');
  if (!el) return;
  const list = d.characters as Obj[];
  el.replaceChildren(
    h('p', { class: 'muted' }, `${list.length} / ${d.total}`),
    list.length
      ? h(
          'div',
          { class: 'cards' },
          ...list.map((c) =>
            h(
              'div',
              { class: 'card', 'data-id': c.id },
              h('b', {}, c.name),
              h('div', { class: 'muted' }, c.id),
              h('div', {}, `${t().location}：${c.location ?? t().unknown}`),
              h('div', {}, `${t().lastSeen}：`, c.last_seen_chapter ? chapterLink(c.last_seen_chapter, lang === 'zh' ? `第${c.last_seen_chapter}章` : `ch. ${c.last_seen_chapter}`) : t().unknown),
              ...Object.entries(c.state as Obj).map(([k, v]) => h('div', { class: 'muted' }, `${k}：${typeof v === 'string' ? v : JSON.stringify(v)}`)),
            ),
          ),
        )
      : h('p', { class: 'muted' }, t().none),
  );
}

async function refreshStorylines(): Promise<void> {
  const d = await get('/api/storylines');
  const el = document.getElementById('storyline-list');
  if (!el) return;
  const lines = (d.storylines as Obj[]).filter((s) => s && typeof s === 'object');
  el.replaceChildren(
    lines.length ? h('div', { class: 'cards' }, ...lines.map((s) => h('div', { class: 'card' }, h('b', {}, s.name ?? s.id), h('div', { class: 'muted' }, `${s.id ?? ''} ${s.type ?? ''} ${s.status ?? ''}`), s.description ? h('div', {}, String(s.description)) : null))) : h('p', { class: 'muted' }, t().none),
    ...(d.schedules as Obj[]).map((sc) => h('details', {}, h('summary', {}, t().schedule.replace('{v}', String(sc.volume))), h('pre', { class: 'muted' }, JSON.stringify(sc.schedule, null, 2)))),
  );
}

function machineSvg(m: Obj, id: string): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const layers = m.layers as string[][];
  const bw = 112;
  const bh = 28;
  const gx = 14;
  const gy = 30;
  const widest = Math.max(1, ...layers.map((l) => l.length));
  const W = widest * (bw + gx) + gx;
  const H = layers.length * (bh + gy) + gy;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'machine');
  svg.setAttribute('id', id);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const pos = new Map<string, [number, number]>();
  layers.forEach((layer, y) => {
    const offset = (W - layer.length * (bw + gx) + gx) / 2;
    layer.forEach((s, x) => pos.set(s, [offset + x * (bw + gx), gy + y * (bh + gy)]));
  });
  for (const tr of m.graph.transitions as Obj[]) {
    const a = pos.get(tr.source);
    const b = pos.get(tr.target);
    if (!a || !b || tr.source === tr.target) continue;
    const line = document.createElementNS(NS, 'line');
    line.setAttribute('x1', String(a[0] + bw / 2));
    line.setAttribute('y1', String(a[1] + bh));
    line.setAttribute('x2', String(b[0] + bw / 2));
    line.setAttribute('y2', String(b[1]));
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${tr.source} —${tr.event}→ ${tr.target}${tr.guard ? ` [${tr.guard}]` : ''}`;
    line.append(title);
    svg.append(line);
  }
  for (const [s, [x, y]] of pos) {
    const current = s === m.current;
    const rect = document.createElementNS(NS, 'rect');
    rect.setAttribute('x', String(x));
    rect.setAttribute('y', String(y));
    rect.setAttribute('width', String(bw));
    rect.setAttribute('height', String(bh));
    rect.setAttribute('data-state', s);
    if (current) rect.setAttribute('class', 'current');
    const text = document.createElementNS(NS, 'text');
    text.setAttribute('x', String(x + bw / 2));
    text.setAttribute('y', String(y + bh / 2));
    if (current) text.setAttribute('class', 'current');
    text.textContent = s.replace(/^writing\./, '');
    svg.append(rect, text);
  }
  return svg;
}

async function refreshMachines(): Promise<void> {
  const d = await get('/api/graph');
  const el = document.getElementById('machine-view');
  if (!el) return;
  el.replaceChildren(
    h('p', {}, `${t().current}：`, h('code', { id: 'machine-current' }, `${d.book.current ?? '-'} / ${d.chapter.current ?? '-'}`), ` (${d.step})`),
    h('h3', {}, t().book),
    machineSvg(d.book, 'book-machine'),
    h('h3', {}, t().chapterMachine),
    machineSvg(d.chapter, 'chapter-machine'),
  );
}

// ---------------------------------------------------------------- reader

/** Chapter Markdown as the author writes it: a title line, paragraphs, **emphasis**, > quotes and a scene break. */
function prose(text: string): HTMLElement {
  const box = h('article', { class: 'reader', lang: 'zh-CN' });
  const inline = (line: string): Array<Node | string> => {
    const out: Array<Node | string> = [];
    const re = /\*\*([^*]+)\*\*|\*([^*]+)\*/g;
    let last = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      out.push(line.slice(last, m.index));
      out.push(m[1] !== undefined ? h('strong', {}, m[1]) : h('em', {}, m[2] ?? ''));
      last = m.index + m[0].length;
    }
    out.push(line.slice(last));
    return out;
  };
  for (const raw of text.split(/\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('# ')) box.append(h('h1', {}, line.slice(2)));
    else if (/^(\*\s*){3,}$|^(-\s*){3,}$/.test(line)) box.append(h('p', { class: 'ornament' }, '❦'));
    else if (line.startsWith('>')) box.append(h('blockquote', {}, ...inline(line.replace(/^>\s?/, ''))));
    else box.append(h('p', {}, ...inline(line)));
  }
  return box;
}

async function renderChapter(n: number): Promise<void> {
  const m = main();
  m.replaceChildren(h('p', {}, t().loading));
  let d: Obj;
  try {
    d = await get(`/api/chapters/${n}`);
  } catch {
    m.replaceChildren(h('p', {}, h('a', { href: '#/' }, t().back)), h('p', { class: 'error', id: 'reader-error' }, t().notFound));
    return;
  }
  const nav = h('p', { class: 'pager' }, h('a', { href: '#/' }, t().back), n > 1 ? chapterLink(n - 1, t().prevCh) : null, chapterLink(n + 1, t().nextCh));
  const meta = h('p', { class: 'muted' }, `${t().zishu} ${fmt(d.zishu)} · ${lang === 'zh' ? '总分' : 'overall'} ${fmt(d.overall)} · ${fmt(d.gate)}`);
  const findings = (d.lint?.findings ?? []) as Obj[];
  // The report's own words in the reader's language (message_zh / fix_zh under zh), and the AI-flavour score.
  const zh = lang === 'zh';
  const severity = (s: unknown): string => (zh ? ({ hard: '硬伤', soft: '提示', warn: '留意' } as Record<string, string>)[String(s)] ?? String(s) : String(s));
  const said = (f: Obj, key: 'message' | 'fix'): unknown => (zh && typeof f[`${key}_zh`] === 'string' ? f[`${key}_zh`] : f[key]);
  const flavour = (d.lint?.ai_flavour as Obj | undefined)?.score;
  const lint = section(
    'lint',
    t().lint,
    typeof flavour === 'number' ? h('p', { class: 'muted', id: 'ai-flavour' }, `${zh ? 'AI味' : 'AI flavour'} ${flavour.toFixed(2)}`) : null,
    findings.length
      ? h(
          'ul',
          { class: 'findings' },
          ...findings.map((f) => h('li', {}, `[${severity(f.severity)}] ${f.rule}${f.line ? ` · ${zh ? '第' : 'line '}${f.line}${zh ? '行' : ''}` : ''}${said(f, 'message') ? ` · ${said(f, 'message')}` : ''}${said(f, 'fix') ? ` · ${zh ? '改法：' : 'fix: '}${said(f, 'fix')}` : ''}`)),
        )
      : h('p', { class: 'muted' }, d.lint ? t().noFindings : t().none),
  );
  const scores = (d.evaluation?.scores ?? {}) as Obj;
  const evaluation = section('evaluation', t().evaluation, h('ul', { class: 'findings' }, ...Object.entries(scores).map(([k, v]) => h('li', {}, `${k} ${fmt((v as Obj)?.score)}：${(v as Obj)?.reason ?? ''}`))));
  m.replaceChildren(nav, h('section', { id: 'reader' }, meta, prose(d.text as string)), lint, evaluation);
  if ((d.rounds as number[]).length >= 2) {
    const diff = await get(`/api/chapters/${n}/diff`);
    m.append(section('drafts', t().drafts, sideBySide(diff)));
  }
}

function sideBySide(d: Obj): HTMLElement {
  const a = (d.from.text as string).split('\n');
  const b = (d.to.text as string).split('\n');
  const inA = new Set(a);
  const inB = new Set(b);
  const col = (lines: string[], other: Set<string>, cls: string, round: number) => h('div', {}, h('b', {}, t().round.replace('{n}', String(round))), ...lines.map((l) => h('span', { class: other.has(l) ? 'same' : cls }, l || ' ')));
  return h('div', { class: 'side', id: 'draft-diff' }, col(a, inB, 'del', d.from.round), col(b, inA, 'add', d.to.round));
}

// ---------------------------------------------------------------- live events and routing

let refreshTimer: number | undefined;
function scheduleRefresh(): void {
  if (refreshTimer !== undefined) return;
  refreshTimer = window.setTimeout(() => {
    refreshTimer = undefined;
    if (!document.getElementById('status')) return;
    void Promise.all([refreshStatus(), refreshCharts(), refreshTable(), refreshTimeline(), refreshCharacters(), refreshMachines()]).catch(() => undefined);
  }, 250);
}

function liveEvents(): void {
  const dot = document.getElementById('live') as HTMLElement;
  const es = new EventSource(api('/api/events'));
  es.onopen = () => {
    dot.className = 'live on';
    dot.title = t().connected;
  };
  es.onerror = () => {
    dot.className = 'live off';
    dot.title = t().disconnected;
  };
  for (const kind of ['execute', 'executed', 'advance', 'commit', 'checkpoint']) {
    es.addEventListener(kind, (e) => {
      const data = JSON.parse((e as MessageEvent).data) as Obj;
      const log = document.getElementById('live-log');
      if (log) {
        log.querySelector('li.muted')?.remove();
        const detail = kind === 'advance' ? ` ${data.from} → ${data.to}` : kind === 'executed' && data.duration_ms !== undefined ? ` (${data.executor}, ${data.duration_ms} ms)` : '';
        log.prepend(h('li', { 'data-event': kind, 'data-step': data.step ?? '' }, `${new Date().toLocaleTimeString()} ${t().ev[kind] ?? kind} `, h('code', {}, String(data.step ?? '')), detail));
        while (log.children.length > 200) log.lastElementChild?.remove();
      }
      scheduleRefresh();
    });
  }
}

function route(): void {
  const m = /^#\/chapter\/(\d+)$/.exec(location.hash);
  for (const c of charts.splice(0)) c.destroy();
  if (m) void renderChapter(Number(m[1]));
  else {
    void renderOverview().then(() => {
      const id = /^#\/?([a-z]+)$/.exec(location.hash)?.[1];
      if (id) document.getElementById(id)?.scrollIntoView();
    });
  }
}

async function start(): Promise<void> {
  try {
    lang = ((await get('/api/meta')).lang as Lang) === 'en' ? 'en' : 'zh';
  } catch {
    lang = 'zh';
  }
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  const nav = document.getElementById('nav') as HTMLElement;
  nav.replaceChildren(...(['progress', 'charts', 'chapters', 'timeline', 'characters', 'storylines', 'machines'] as const).map((k) => h('a', { href: `#/${k}` }, t()[k])));
  window.addEventListener('hashchange', route);
  route();
  liveEvents();
}

void start();

/**
 * The page of `novel serve`: one dashboard of the book (progress, charts,
 * chapter table, 伏笔 timeline, characters, storylines, the machines) and a
 * reader for one chapter (#/chapter/N). It only reads the JSON API; live
 * events arrive over server-sent events. Every text from the book is set as
 * text, never as markup.
 */
import uPlot from 'uplot';
import { DASHBOARD_COLUMNS, WEB_GROUPS } from '../core/messages/web.js';

// biome-ignore lint/suspicious/noExplicitAny: the page reads the server's JSON as it comes
type Obj = Record<string, any>;
type Lang = 'zh' | 'en';

let lang: Lang = 'zh';
const WORDS = WEB_GROUPS.dashboard();
type WordKey = keyof typeof WORDS;
/** A word of the page in the reader's language, from the catalogue. */
function w(key: WordKey, args: Record<string, unknown> = {}): string {
  return (WORDS[key] as { en: (a: unknown) => string; zh: (a: unknown) => string })[lang](args);
}
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
  for (const k of kids)
    if (k !== null && k !== undefined && k !== false) el.append(typeof k === 'string' ? document.createTextNode(k) : k);
  return el;
}
const fmt = (v: unknown): string => (v === null || v === undefined ? '-' : String(v));
const money = (v: unknown): string => (typeof v === 'number' ? `$${v.toFixed(4)}` : '?');
/**
 * The book's cost as the table adds it up: '?' while no chapter's cost is known, '+?' while some are not (a step of
 * unknown cost, or a chapter without a log of its spending).
 */
const totalMoney = (t: Obj, chapters: number): string =>
  (t.cost_unknown ?? 0) > 0 || (t.chapters ?? 0) < chapters
    ? (t.cost_usd ?? 0) > 0
      ? `${money(t.cost_usd)}+?`
      : '?'
    : money(t.cost_usd ?? 0);
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
    section(
      'progress',
      w('dashboard.progress'),
      h('div', { id: 'status' }, w('dashboard.loading')),
      h('h3', {}, w('dashboard.live')),
      h('ul', { id: 'live-log' }, h('li', { class: 'muted' }, w('dashboard.waiting'))),
    ),
    section('charts', w('dashboard.charts'), h('div', { class: 'charts', id: 'chart-grid' })),
    section('chapters', w('dashboard.chapters'), h('div', { id: 'chapter-table' }, w('dashboard.loading'))),
    section('timeline', w('dashboard.timeline'), h('div', { id: 'timeline-list' }, w('dashboard.loading'))),
    section('characters', w('dashboard.characters'), h('div', { id: 'character-list' }, w('dashboard.loading'))),
    section('storylines', w('dashboard.storylines'), h('div', { id: 'storyline-list' }, w('dashboard.loading'))),
    section('continuity', w('dashboard.continuity'), h('div', { id: 'continuity-view' }, w('dashboard.loading'))),
    section(
      'machines',
      w('dashboard.machines'),
      h('div', { id: 'machine-view' }, w('dashboard.loading')),
      h('p', { class: 'muted' }, w('dashboard.inspector')),
    ),
  );
  await Promise.all(
    [
      refreshStatus(),
      refreshCharts(),
      refreshTable(),
      refreshTimeline(),
      refreshCharacters(),
      refreshStorylines(),
      refreshContinuity(),
      refreshMachines(),
    ].map((p) => p.catch(showError)),
  );
}

function showError(err: unknown): void {
  const m = main();
  m.prepend(h('p', { class: 'error' }, String(err instanceof Error ? err.message : err)));
}

/** The last 90 days of the daily goal, a square a day (weeks in columns): met, some, none. */
function goalCalendar(daily: Obj): HTMLElement {
  const days = (daily.calendar ?? []) as Array<{ date: string; zishu: number }>;
  return h(
    'div',
    { class: 'calendar', id: 'goal-calendar', 'aria-label': w('dashboard.calendar') },
    ...days.map((d) =>
      h('span', {
        class: `day ${d.zishu >= daily.goal ? 'met' : d.zishu > 0 ? 'some' : 'none'}`,
        'data-date': d.date,
        'data-zishu': String(d.zishu),
        title: `${d.date}: ${d.zishu}`,
      }),
    ),
  );
}

async function refreshStatus(): Promise<void> {
  const s = await get('/api/status');
  const heading = document.getElementById('book-title') as HTMLElement;
  heading.textContent = s.title ? `\u300a${s.title}\u300b${s.author ? ` ${s.author}` : ''}` : 'novel';
  if (s.blurb) heading.title = s.blurb;
  document.title = `${s.title ?? 'novel'} · novel`;
  const el = document.getElementById('status');
  if (!el) return;
  const totals = s.totals ?? {};
  el.replaceChildren(
    h(
      'div',
      { class: 'grid' },
      h(
        'div',
        { class: 'stat', id: 'chapters-count' },
        h('b', {}, String(s.last_completed_chapter)),
        `${w('dashboard.committed')} ${w('dashboard.chapterUnit')}`,
      ),
      h('div', { class: 'stat' }, h('b', {}, String(totals.zishu ?? 0)), w('dashboard.zishu')),
      h(
        'div',
        { class: 'stat' },
        h('b', { id: 'cost-total' }, totalMoney(totals, s.last_completed_chapter ?? 0)),
        w('dashboard.cost'),
      ),
      h(
        'div',
        { class: 'stat' },
        h('b', {}, String((totals.input_tokens ?? 0) + (totals.output_tokens ?? 0))),
        w('dashboard.tokens'),
      ),
      h('div', { class: 'stat' }, h('b', {}, String(s.dormant_foreshadowing ?? 0)), w('dashboard.dormant')),
      ...(s.serial
        ? [
            h(
              'div',
              { class: 'stat', id: 'serial-published' },
              h('b', {}, String(s.serial.published)),
              w('dashboard.published'),
            ),
            h(
              'div',
              { class: 'stat', id: 'serial-stock' },
              h('b', {}, String(s.serial.stock.chapters)),
              w('dashboard.stock', { zishu: s.serial.stock.zishu, days: s.serial.days_of_buffer }),
            ),
          ]
        : []),
      ...(s.daily
        ? [
            h(
              'div',
              { class: `stat${s.daily.met ? ' met' : ''}`, id: 'daily-today' },
              h('b', {}, `${s.daily.today.zishu}/${s.daily.goal}`),
              w('dashboard.today', { streak: s.daily.streak }),
            ),
          ]
        : []),
    ),
    ...(s.daily ? [goalCalendar(s.daily)] : []),
    h(
      'div',
      { class: 'rungs' },
      ...(s.stages ?? []).map((r: Obj) =>
        h('span', { class: `rung ${r.status}`, 'data-rung': r.name }, w('dashboard.rung', { rung: r.name })),
      ),
    ),
    h(
      'p',
      {},
      h('b', {}, `${w('dashboard.label', { label: w('dashboard.next') })}`),
      h('code', { id: 'next-step' }, s.next?.step ?? ''),
      ` · ${w('dashboard.action', { action: s.next?.action ?? '' })}`,
    ),
    h(
      'p',
      { class: 'muted' },
      `${w('dashboard.label', { label: w('dashboard.why') })}` +
        `${(lang === 'zh' ? s.next?.reason_zh : null) ?? s.next?.reason ?? ''}`,
    ),
  );
}

/** The steps between chapter ticks: whole chapters only (never chapter 1.5). */
const CHAPTER_TICKS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000];

async function refreshCharts(): Promise<void> {
  const s = await get('/api/series');
  const grid = document.getElementById('chart-grid');
  if (!grid) return;
  for (const c of charts.splice(0)) c.destroy();
  grid.replaceChildren();
  const x = s.chapter as number[];
  const flat = (v: number | null | undefined) => x.map(() => v ?? null);
  const add = (
    id: string,
    title: string,
    series: Array<{ label: string; values: Array<number | null>; stroke: string; dash?: number[]; fill?: string }>,
    bands?: uPlot.Band[],
    range?: [number, number],
  ) => {
    const box = h('div', { class: 'chart', id }, h('h3', {}, title));
    grid.append(box);
    const opts: uPlot.Options = {
      width: Math.max(240, box.clientWidth - 4),
      height: 200,
      // Chapters are whole: one chapter alone gets a span around it, and the ticks fall on whole chapters only.
      scales: {
        x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
        ...(range ? { y: { range } } : {}),
      },
      axes: [
        {
          incrs: CHAPTER_TICKS,
          values: (_u, splits) => {
            box.dataset.xTicks = splits.join(',');
            return splits.map((v) => (Number.isInteger(v) ? String(v) : ''));
          },
        },
        {},
      ],
      legend: { show: true },
      series: [
        { label: w('dashboard.chartChapter') },
        ...series.map((se) => ({
          label: se.label,
          stroke: se.stroke,
          width: 1.5,
          ...(se.dash ? { dash: se.dash } : {}),
          ...(se.fill ? { fill: se.fill } : {}),
          spanGaps: true,
          points: { show: x.length <= 60 },
        })),
      ],
      ...(bands ? { bands } : {}),
    };
    charts.push(new uPlot(opts, [x, ...series.map((se) => se.values)] as uPlot.AlignedData, box));
  };
  const target = s.zishu_target as [number, number] | null;
  add(
    'chart-zishu',
    w('dashboard.chartZishu'),
    [
      { label: w('dashboard.zishu'), values: s.zishu, stroke: '#b4441c' },
      ...(target
        ? [
            { label: `${target[1]}`, values: flat(target[1]), stroke: '#1a7f37', dash: [4, 4] },
            { label: `${target[0]}`, values: flat(target[0]), stroke: '#1a7f37', dash: [4, 4] },
          ]
        : []),
    ],
    target ? [{ series: [2, 3], fill: 'rgba(26,127,55,0.12)' }] : undefined,
  );
  const th = s.thresholds ?? {};
  add(
    'chart-score',
    w('dashboard.chartScore'),
    [
      { label: w('dashboard.chartOverall'), values: s.overall, stroke: '#0969da' },
      { label: `pass ${th.pass}`, values: flat(th.pass), stroke: '#1a7f37', dash: [4, 4] },
      { label: `revise ${th.revise}`, values: flat(th.revise), stroke: '#cf222e', dash: [4, 4] },
    ],
    undefined,
    [0, 5],
  );
  add('chart-density', w('dashboard.chartDensity'), [
    { label: w('dashboard.chartDensityLabel'), values: s.blacklist_per_kchars, stroke: '#9a6700' },
  ]);
  add('chart-cost', w('dashboard.chartCost'), [
    { label: w('dashboard.chartTotal'), values: s.cost_cumulative, stroke: '#8250df' },
    { label: w('dashboard.chartPerChapter'), values: s.cost_usd, stroke: '#bf8700' },
  ]);
}

async function refreshTable(): Promise<void> {
  const d = await get(`/api/chapters?offset=${pageOffset}&limit=${PAGE}`);
  const el = document.getElementById('chapter-table');
  if (!el) return;
  const rows = d.rows as Obj[];
  const head = h('tr', {}, ...DASHBOARD_COLUMNS.map((c) => h('th', {}, w(c))));
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
    h(
      'div',
      { class: 'table-wrap' },
      h('table', { id: 'chapters-table' }, h('thead', {}, head), h('tbody', {}, ...body)),
    ),
    h(
      'div',
      { class: 'pager' },
      h(
        'button',
        {
          id: 'page-prev',
          disabled: d.offset === 0,
          onclick: () => {
            pageOffset = Math.max(0, pageOffset - PAGE);
            void refreshTable();
          },
        },
        w('dashboard.prev'),
      ),
      h('span', { id: 'page-info' }, `${from}–${to} / ${w('dashboard.of')} ${d.total}`),
      h(
        'button',
        {
          id: 'page-next',
          disabled: to >= d.total,
          onclick: () => {
            pageOffset += PAGE;
            void refreshTable();
          },
        },
        w('dashboard.nextPage'),
      ),
    ),
  );
}

async function refreshTimeline(): Promise<void> {
  const d = await get('/api/foreshadowing');
  const el = document.getElementById('timeline-list');
  if (!el) return;
  const items = d.items as Obj[];
  if (!items.length) {
    el.replaceChildren(h('p', { class: 'muted' }, w('dashboard.none')));
    return;
  }
  const span = Math.max(
    d.last_completed_chapter + 1,
    ...items.map((i) => Math.max(i.due?.[1] ?? 0, i.resolved_chapter ?? 0, ...(i.chapters as number[]))),
  );
  const pct = (c: number) => `${Math.max(0, Math.min(100, ((c - 1) / Math.max(1, span - 1)) * 100))}%`;
  el.replaceChildren(
    h(
      'p',
      { class: 'muted' },
      `${w('dashboard.planted')} → ${w('dashboard.due')} → ${w('dashboard.resolved')} · ` +
        `${w('dashboard.dormantTag')} ${d.dormant} · ${w('dashboard.overdueTag')} ` +
        `${d.overdue}${d.total > items.length ? ` · ${items.length} / ${d.total}` : ''}`,
    ),
    ...items.map((i) => {
      const track = h('div', { class: 'tl-track', title: `${i.id}` });
      if (i.due)
        track.append(
          h('div', { class: 'tl-due', style: `left:${pct(i.due[0])};width:calc(${pct(i.due[1])} - ${pct(i.due[0])})` }),
        );
      const end = i.resolved_chapter ?? d.last_completed_chapter;
      if (i.planted_chapter !== null)
        track.append(
          h('div', {
            class: 'tl-span',
            style: `left:${pct(i.planted_chapter)};width:calc(${pct(end)} - ${pct(i.planted_chapter)})`,
          }),
        );
      for (const c of i.chapters as number[])
        track.append(
          h('a', {
            class: `tl-mark${c === i.resolved_chapter ? ' resolved' : ''}`,
            href: `#/chapter/${c}`,
            style: `left:${pct(c)}`,
            title: String(c),
          }),
        );
      return h(
        'div',
        { class: 'tl-row', 'data-id': i.id },
        h(
          'div',
          {},
          h('b', {}, i.id),
          i.dormant ? h('span', { class: 'tag dormant' }, w('dashboard.dormantTag')) : null,
          i.overdue ? h('span', { class: 'tag overdue' }, w('dashboard.overdueTag')) : null,
          i.resolved_chapter !== null ? h('span', { class: 'tag resolved' }, w('dashboard.resolved')) : null,
          h('div', { class: 'muted' }, i.description ?? ''),
          h(
            'div',
            { class: 'tl-links' },
            ...(i.chapters as number[]).map((c) => chapterLink(c, w('dashboard.chapterRef', { n: c }))),
          ),
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
              h(
                'div',
                {},
                `${w('dashboard.label', { label: w('dashboard.location') })}${c.location ?? w('dashboard.unknown')}`,
              ),
              h(
                'div',
                {},
                `${w('dashboard.label', { label: w('dashboard.lastSeen') })}`,
                c.last_seen_chapter
                  ? chapterLink(c.last_seen_chapter, w('dashboard.chapterRef', { n: c.last_seen_chapter }))
                  : w('dashboard.unknown'),
              ),
              ...Object.entries(c.state as Obj).map(([k, v]) =>
                h('div', { class: 'muted' }, `${k}：${typeof v === 'string' ? v : JSON.stringify(v)}`),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, w('dashboard.none')),
  );
}

/** Each character's status, realm and location by chapter, a finding's chapter marked ⚠; then every finding. */
async function refreshContinuity(): Promise<void> {
  const d = await get('/api/continuity');
  const el = document.getElementById('continuity-view');
  if (!el) return;
  const characters = d.characters as Obj[];
  const findings = d.findings as Obj[];
  const flaggedIds = new Set(findings.map((f) => f.subject));
  el.replaceChildren(
    h('p', { class: 'muted' }, w('dashboard.continuityHead', { chapters: d.chapters, findings: findings.length })),
    characters.length
      ? h(
          'table',
          { class: 'continuity' },
          ...characters.map((c) =>
            h(
              'tr',
              { 'data-id': c.id },
              h('th', {}, flaggedIds.has(c.id) ? `⚠ ${c.name}` : String(c.name)),
              h(
                'td',
                {},
                ...(c.changes as Obj[]).map((x) =>
                  h(
                    'span',
                    { class: x.flagged ? 'fact flagged' : 'fact' },
                    chapterLink(x.chapter as number, w('dashboard.chapterRef', { n: x.chapter })),
                    ` ${w('dashboard.fact', { fact: x.fact })}：`,
                    typeof x.value === 'string' ? x.value : JSON.stringify(x.value),
                    x.flagged ? ' ⚠' : '',
                    ' ',
                  ),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, w('dashboard.none')),
    findings.length
      ? h(
          'ul',
          { class: 'findings' },
          ...findings.map((f) =>
            h(
              'li',
              { class: 'finding', 'data-kind': f.kind },
              '⚠ ',
              chapterLink(f.chapter as number, w('dashboard.chapterRef', { n: f.chapter })),
              ` ${lang === 'zh' ? f.message_zh : f.message}`,
              h('div', { class: 'muted' }, `「${f.excerpt}」 → ${lang === 'zh' ? f.fix_zh : f.fix}`),
            ),
          ),
        )
      : h('p', { class: 'muted' }, '✓'),
  );
}

async function refreshStorylines(): Promise<void> {
  const d = await get('/api/storylines');
  const el = document.getElementById('storyline-list');
  if (!el) return;
  const lines = (d.storylines as Obj[]).filter((s) => s && typeof s === 'object');
  el.replaceChildren(
    lines.length
      ? h(
          'div',
          { class: 'cards' },
          ...lines.map((s) =>
            h(
              'div',
              { class: 'card' },
              h('b', {}, s.name ?? s.id),
              h('div', { class: 'muted' }, `${s.id ?? ''} ${s.type ?? ''} ${s.status ?? ''}`),
              s.description ? h('div', {}, String(s.description)) : null,
            ),
          ),
        )
      : h('p', { class: 'muted' }, w('dashboard.none')),
    ...(d.schedules as Obj[]).map((sc) =>
      h(
        'details',
        {},
        h('summary', {}, w('dashboard.schedule', { v: sc.volume })),
        h('pre', { class: 'muted' }, JSON.stringify(sc.schedule, null, 2)),
      ),
    ),
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
    layer.forEach((s, x) => {
      pos.set(s, [offset + x * (bw + gx), gy + y * (bh + gy)]);
    });
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
    const named = (state: string): string => w('dashboard.state', { state });
    title.textContent = `${named(tr.source)} —${tr.event}→ ${named(tr.target)}${tr.guard ? ` [${tr.guard}]` : ''}`;
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
    text.textContent = w('dashboard.state', { state: s });
    svg.append(rect, text);
  }
  return svg;
}

async function refreshMachines(): Promise<void> {
  const d = await get('/api/graph');
  const el = document.getElementById('machine-view');
  if (!el) return;
  el.replaceChildren(
    h(
      'p',
      {},
      `${w('dashboard.label', { label: w('dashboard.current') })}`,
      h(
        'code',
        { id: 'machine-current' },
        `${d.book.current ? w('dashboard.state', { state: d.book.current }) : '-'} / ` +
          `${d.chapter.current ? w('dashboard.state', { state: d.chapter.current }) : '-'}`,
      ),
      ` (${d.step})`,
    ),
    h('h3', {}, w('dashboard.book')),
    machineSvg(d.book, 'book-machine'),
    h('h3', {}, w('dashboard.chapterMachine')),
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
  m.replaceChildren(h('p', {}, w('dashboard.loading')));
  let d: Obj;
  try {
    d = await get(`/api/chapters/${n}`);
  } catch {
    m.replaceChildren(
      h('p', {}, h('a', { href: '#/' }, w('dashboard.back'))),
      h('p', { class: 'error', id: 'reader-error' }, w('dashboard.notFound')),
    );
    return;
  }
  const nav = h(
    'p',
    { class: 'pager' },
    h('a', { href: '#/' }, w('dashboard.back')),
    n > 1 ? chapterLink(n - 1, w('dashboard.prevCh')) : null,
    chapterLink(n + 1, w('dashboard.nextCh')),
  );
  const meta = h(
    'p',
    { class: 'muted' },
    `${w('dashboard.zishu')} ${fmt(d.zishu)} · ${w('dashboard.chartOverall')} ${fmt(d.overall)} · ${fmt(d.gate)}`,
  );
  const findings = (d.lint?.findings ?? []) as Obj[];
  // The report's own words in the reader's language (message_zh / fix_zh under zh), and the AI-flavour score.
  const zh = lang === 'zh';
  const severity = (s: unknown): string => w('dashboard.severity', { severity: String(s) });
  const said = (f: Obj, key: 'message' | 'fix'): unknown =>
    zh && typeof f[`${key}_zh`] === 'string' ? f[`${key}_zh`] : f[key];
  const flavour = (d.lint?.ai_flavour as Obj | undefined)?.score;
  const lint = section(
    'lint',
    w('dashboard.lint'),
    typeof flavour === 'number'
      ? h('p', { class: 'muted', id: 'ai-flavour' }, w('dashboard.aiFlavour', { score: flavour.toFixed(2) }))
      : null,
    findings.length
      ? h(
          'ul',
          { class: 'findings' },
          ...findings.map((f) =>
            h(
              'li',
              {},
              `[${severity(f.severity)}] ` +
                `${f.rule}${f.line ? ` · ${w('dashboard.findingLine', { line: f.line })}` : ''}` +
                `${said(f, 'message') ? ` · ${said(f, 'message')}` : ''}` +
                `${said(f, 'fix') ? ` · ${w('dashboard.findingFix', { fix: String(said(f, 'fix')) })}` : ''}`,
            ),
          ),
        )
      : h('p', { class: 'muted' }, d.lint ? w('dashboard.noFindings') : w('dashboard.none')),
  );
  const scores = (d.evaluation?.scores ?? {}) as Obj;
  const evaluation = section(
    'evaluation',
    w('dashboard.evaluation'),
    h(
      'ul',
      { class: 'findings' },
      ...Object.entries(scores).map(([k, v]) =>
        h(
          'li',
          {},
          w('dashboard.dimension', {
            name: k,
            score: fmt((v as Obj)?.score),
            reason: String((v as Obj)?.reason ?? ''),
          }),
        ),
      ),
    ),
  );
  m.replaceChildren(nav, h('section', { id: 'reader' }, meta, prose(d.text as string)), lint, evaluation);
  if ((d.rounds as number[]).length >= 2) {
    const diff = await get(`/api/chapters/${n}/diff`);
    m.append(section('drafts', w('dashboard.drafts'), sideBySide(diff)));
  }
}

function sideBySide(d: Obj): HTMLElement {
  const a = (d.from.text as string).split('\n');
  const b = (d.to.text as string).split('\n');
  const inA = new Set(a);
  const inB = new Set(b);
  const col = (lines: string[], other: Set<string>, cls: string, round: number) =>
    h(
      'div',
      {},
      h('b', {}, w('dashboard.round', { n: round })),
      ...lines.map((l) => h('span', { class: other.has(l) ? 'same' : cls }, l || ' ')),
    );
  return h(
    'div',
    { class: 'side', id: 'draft-diff' },
    col(a, inB, 'del', d.from.round),
    col(b, inA, 'add', d.to.round),
  );
}

// ---------------------------------------------------------------- live events and routing

let refreshTimer: number | undefined;
function scheduleRefresh(): void {
  if (refreshTimer !== undefined) return;
  refreshTimer = window.setTimeout(() => {
    refreshTimer = undefined;
    if (!document.getElementById('status')) return;
    void Promise.all([
      refreshStatus(),
      refreshCharts(),
      refreshTable(),
      refreshTimeline(),
      refreshCharacters(),
      refreshMachines(),
    ]).catch(() => undefined);
  }, 250);
}

function liveEvents(): void {
  const dot = document.getElementById('live') as HTMLElement;
  const es = new EventSource(api('/api/events'));
  es.onopen = () => {
    dot.className = 'live on';
    dot.title = w('dashboard.connected');
  };
  es.onerror = () => {
    dot.className = 'live off';
    dot.title = w('dashboard.disconnected');
  };
  for (const kind of ['execute', 'executed', 'advance', 'commit', 'checkpoint']) {
    es.addEventListener(kind, (e) => {
      const data = JSON.parse((e as MessageEvent).data) as Obj;
      const log = document.getElementById('live-log');
      if (log) {
        log.querySelector('li.muted')?.remove();
        const detail =
          kind === 'advance'
            ? ` ${data.from} → ${data.to}`
            : kind === 'executed' && data.duration_ms !== undefined
              ? ` (${data.executor}, ${data.duration_ms} ms)`
              : '';
        log.prepend(
          h(
            'li',
            { 'data-event': kind, 'data-step': data.step ?? '' },
            `${new Date().toLocaleTimeString()} ${w('dashboard.event', { event: kind })} `,
            h('code', {}, String(data.step ?? '')),
            detail,
          ),
        );
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
  nav.replaceChildren(
    ...(
      ['progress', 'charts', 'chapters', 'timeline', 'characters', 'storylines', 'continuity', 'machines'] as const
    ).map((k) => h('a', { href: `#/${k}` }, w(`dashboard.${k}`))),
  );
  window.addEventListener('hashchange', route);
  route();
  liveEvents();
}

void start();

import { Command, Option } from 'clipanion';
import * as t from 'typanion';
import { bookGraph, toDot, toMermaid } from '../core/graph.js';
import { nextOf, openProject } from '../io/project.js';
import { NovelCommand, type CommandResult } from './base-command.js';

const FORMATS = ['mermaid', 'dot', 'json'] as const;

export class GraphCommand extends NovelCommand {
  static override paths = [['graph']];

  static override usage = Command.Usage({
    category: 'Pipeline',
    description: 'Export the book and chapter machines as mermaid, dot or JSON',
    details: `
      The graph is read from the book machine itself: the book states (planning, writing, recovering, retrying, complete) and the chapter pipeline inside \`writing\`, with every event, guard and action. \`--highlight current\` marks the state the project rests in (needs a project).
    `,
    examples: [
      ['Mermaid state diagram', '$0 graph'],
      ['Graphviz, with the current state marked', '$0 graph --format dot --highlight current'],
      ['Nodes and edges as JSON', '$0 graph --format json'],
    ],
  });

  format = Option.String('--format', 'mermaid', { validator: t.isEnum(FORMATS), description: 'mermaid (default), dot or json' });
  highlight = Option.String('--highlight', { validator: t.isEnum(['current'] as const), description: '"current": mark the state the project is in' });

  run(): CommandResult {
    let current: string | undefined;
    if (this.highlight === 'current') {
      const p = openProject(this.context, this.project);
      const state = nextOf(p).state;
      current = bookGraph().states.find((s) => s.id === state || s.id === `writing.${state}`)?.id;
    }
    const graph = bookGraph();
    const text = this.format === 'mermaid' ? toMermaid(graph, current) : this.format === 'dot' ? toDot(graph, current) : `${JSON.stringify(graph, null, 2)}\n`;
    return { data: { format: this.format, ...(current ? { current } : {}), graph, rendered: text }, text };
  }
}

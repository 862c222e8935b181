import { Option } from 'clipanion';
import { bookGraph, toDot, toMermaid } from '../core/graph.js';
import { nextOf, openProject } from '../io/project.js';
import { usageOf, helpOf, NovelCommand, type CommandResult } from './base-command.js';
import { isOneOf } from './option-validators.js';

const FORMATS = ['mermaid', 'dot', 'json'] as const;

export class GraphCommand extends NovelCommand {
  static override paths = [['graph']];

  static override usage = usageOf('graph', 'pipeline', [
    '$0 graph',
    '$0 graph --format dot --highlight current',
    '$0 graph --format json',
  ]);

  format = Option.String('--format', 'mermaid', {
    validator: isOneOf(FORMATS),
    description: helpOf('help.graph.--format'),
  });
  highlight = Option.String('--highlight', {
    validator: isOneOf(['current'] as const),
    description: helpOf('help.graph.--highlight'),
  });

  run(): CommandResult {
    let current: string | undefined;
    if (this.highlight === 'current') {
      const p = openProject(this.context, this.project);
      const state = nextOf(p).state;
      current = bookGraph().states.find((s) => s.id === state || s.id === `writing.${state}`)?.id;
    }
    const graph = bookGraph();
    const text =
      this.format === 'mermaid'
        ? toMermaid(graph, current)
        : this.format === 'dot'
          ? toDot(graph, current)
          : `${JSON.stringify(graph, null, 2)}\n`;
    return { data: { format: this.format, ...(current ? { current } : {}), graph, rendered: text }, text };
  }
}

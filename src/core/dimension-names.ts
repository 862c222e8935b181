/**
 * The judge's dimensions (PROTOCOL §13.3) in Chinese: `novel status` and the
 * dashboard name a score so (a dimension a custom weight adds keeps its id).
 * A leaf: the dashboard's bundle takes it without the catalogue. Pure.
 */
export const DIMENSION_ZH: Record<string, string | undefined> = {
  plot_logic: '情节逻辑',
  character: '人物塑造',
  immersion: '代入感',
  foreshadowing: '伏笔',
  pacing: '节奏',
  style_naturalness: '文风自然',
  emotional_impact: '情感冲击',
  storyline_coherence: '故事线连贯',
  hook_strength: '章末钩子',
};

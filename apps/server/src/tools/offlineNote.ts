/** What the offline responder adds for an agent with tools: tools need a model. */
export function toolsNeedModelNote(names: string[]): string {
  const list = names.slice(0, 10).join(', ');
  return `\n\nThis agent has tools (${list}), but tools need a model: none was called. Add a model key to let the agent use them.`;
}

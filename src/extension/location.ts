/** Where a detected configuration is, as command arguments carry it (no vscode import). */

/** The argument the designer, simulation and set-prior commands take to act on a configuration. */
export interface FilterLocation {
  readonly uri: string;
  readonly line: number;
  readonly character: number;
}

/** A `command:` URI for Markdown links (hover), with its JSON arguments. */
export function commandUri(command: string, ...args: unknown[]): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(args))}`;
}

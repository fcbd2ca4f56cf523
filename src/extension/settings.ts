/** The extension's settings (package.json contributes.configuration), read in one place. */
import * as vscode from 'vscode';
import type { AnalysisSettings, DiagnosticCode, Severity } from '../analysis/analyze';

export interface ExtensionSettings {
  readonly hoverEnabled: boolean;
  readonly codeLensEnabled: boolean;
  readonly diagnosticsEnabled: boolean;
  readonly includeLanguages: readonly string[];
  readonly excludeLanguages: readonly string[];
  readonly maxFileSizeBytes: number;
  /** Globs (gitignore syntax, relative to the workspace folder) the workspace scan skips, besides vendored/build folders and .gitignore. */
  readonly scanExclude: readonly string[];
  readonly severityOverrides: Partial<Record<DiagnosticCode, Severity | 'off'>>;
  readonly analysis: Partial<AnalysisSettings>;
}

export function readSettings(scope?: vscode.ConfigurationScope): ExtensionSettings {
  const config = vscode.workspace.getConfiguration('bloomLens', scope);
  return {
    hoverEnabled: config.get<boolean>('hover.enabled', true),
    codeLensEnabled: config.get<boolean>('codeLens.enabled', true),
    diagnosticsEnabled: config.get<boolean>('diagnostics.enabled', true),
    includeLanguages: config.get<string[]>('languages.include', []),
    excludeLanguages: config.get<string[]>('languages.exclude', []),
    maxFileSizeBytes: config.get<number>('maxFileSizeKB', 2048) * 1024,
    scanExclude: config.get<string[]>('scan.exclude', []).filter((glob) => typeof glob === 'string' && glob.trim() !== ''),
    severityOverrides: config.get<Partial<Record<DiagnosticCode, Severity | 'off'>>>('diagnostics.severity', {}),
    analysis: {
      targetFalsePositiveRate: config.get<number>('targetFalsePositiveRate'),
      maxFalsePositiveRate: config.get<number>('maxFalsePositiveRate'),
      conservativeMargin: config.get<number>('conservativeMargin'),
      suboptimalKMargin: config.get<number>('suboptimalKMargin'),
      defaultAlpha: config.get<number>('defaultAlpha'),
    },
  };
}

/** Whether Bloom Lens looks at documents of this language at all. */
export function languageEnabled(settings: ExtensionSettings, languageId: string): boolean {
  if (settings.excludeLanguages.includes(languageId)) return false;
  return settings.includeLanguages.length === 0 || settings.includeLanguages.includes(languageId);
}

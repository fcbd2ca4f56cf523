import { Command, UsageError } from '../args';

/** Placeholder until the 'paradox' command lands (see its issue). */
export const paradoxCommand: Command = () => {
  throw new UsageError('the "paradox" command is not available in this build yet');
};

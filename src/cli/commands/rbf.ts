import { Command, UsageError } from '../args';

/** Placeholder until the 'rbf' command lands (see its issue). */
export const rbfCommand: Command = () => {
  throw new UsageError('the "rbf" command is not available in this build yet');
};

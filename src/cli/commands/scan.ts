import { Command, UsageError } from '../args';

/** Placeholder until the 'scan' command lands (see its issue). */
export const scanCommand: Command = () => {
  throw new UsageError('the "scan" command is not available in this build yet');
};

import { Command, UsageError } from '../args';

/** Placeholder until the 'cbf' command lands (see its issue). */
export const cbfCommand: Command = () => {
  throw new UsageError('the "cbf" command is not available in this build yet');
};

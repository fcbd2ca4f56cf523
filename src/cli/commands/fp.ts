import { Command, UsageError } from '../args';

/** Placeholder until the 'fp' command lands (see its issue). */
export const fpCommand: Command = () => {
  throw new UsageError('the "fp" command is not available in this build yet');
};

import { Command, UsageError } from '../args';

/** Placeholder until the 'size' command lands (see its issue). */
export const sizeCommand: Command = () => {
  throw new UsageError('the "size" command is not available in this build yet');
};

import { Command, UsageError } from '../args';

/** Placeholder until the 'capacity' command lands (see its issue). */
export const capacityCommand: Command = () => {
  throw new UsageError('the "capacity" command is not available in this build yet');
};

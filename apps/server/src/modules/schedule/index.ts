/**
 * Scheduled work, exactly once: the module's public surface. The composition root makes one
 * Scheduler; product modules schedule their items in their own transactions and register the
 * handler of each kind; its worker is a background job.
 */
import type { AppModule, ModuleManifest } from '../../platform/app-module';
import type { Scheduler } from './schedule.service';

/** @public */
export {
  createScheduler,
  type DueWork,
  type Scheduler,
  type WorkHandler,
  type WorkOutcome,
  type WorkPayload,
} from './schedule.service';

export const scheduleManifest = { name: 'schedule' } as const satisfies ModuleManifest;

export const scheduleJobName = 'scheduled work';

export function createScheduleModule(scheduler: Scheduler): AppModule {
  return {
    ...scheduleManifest,
    jobs: [{ name: scheduleJobName, start: () => scheduler.start(), stop: () => scheduler.stop() }],
  };
}

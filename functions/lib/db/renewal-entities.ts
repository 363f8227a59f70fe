import { RenewalEntity } from './renewal';
import { RenewalPlanEntity } from './renewal-plan';
import { RenewalReminderEntity } from './renewal-reminder';
import { TaskEntity } from './task';
import { TaskAssigneeEntity, TaskOwnerEntity } from './task-people';
import { TaskFileEntity, TaskNoteEntity } from './task-records';

/** Renewals and the tasks that carry their people, notes and files. */
export const renewalEntities = {
  renewal: RenewalEntity,
  renewalPlan: RenewalPlanEntity,
  renewalReminder: RenewalReminderEntity,
  task: TaskEntity,
  taskOwner: TaskOwnerEntity,
  taskAssignee: TaskAssigneeEntity,
  taskNote: TaskNoteEntity,
  taskFile: TaskFileEntity,
};

/** Entities of exports and notifications (export columns and templates, e-mail templates). */
export const exportEntities = {};

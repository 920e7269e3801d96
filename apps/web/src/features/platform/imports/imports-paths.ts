/** The import history (spec platform 2.1 `/administration/qbImportList`). */
export const IMPORT_HISTORY_PATH = '/administration/qbImportList';

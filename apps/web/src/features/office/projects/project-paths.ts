import { PROJECTS_PATH } from '@sm/shared';

/** The route of one project's page, and the address of a project. */
export const PROJECT_ROUTE = `${PROJECTS_PATH}/:projectId`;
export const projectPath = (projectId: number) => `${PROJECTS_PATH}/${projectId}`;

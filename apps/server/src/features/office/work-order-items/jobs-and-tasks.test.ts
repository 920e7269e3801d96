import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderEquipmentTasks, workOrderJobs } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditCount, workOrdersOf } from './item-fixtures';

let t: TestApp;
let mine: number;
let coastalWo: number;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: mine }] = await workOrdersOf(t, 'tech');
  [{ id: coastalWo }] = await workOrdersOf(t, 'coastal.tech');
});
afterAll(() => t.close());

const addJob = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/WorkOrderJobs/add', as, { workOrderId: mine, ...body });
const jobs = (as: string, query = '') => t.call('GET', `/api/v1/WorkOrderJobs/getWorkOrderJobs?workOrderId=${mine}${query}`, as);
const addTask = (as: string, body: Record<string, unknown>) => t.call('POST', '/api/v1/WorkOrder/equipmentTasks/add', as, { workOrderId: mine, ...body });
const countOf = async (table: typeof workOrderJobs | typeof workOrderEquipmentTasks) => (await t.db.select({ n: count() }).from(table))[0].n;

describe('jobs and survey jobs', () => {
  it('adds jobs and survey jobs and lists them, filtered on request', async () => {
    const job = await addJob('tech', { title: '  Replace gaskets  ', description: 'Walk-in door' });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json()).toMatchObject({ title: 'Replace gaskets', description: 'Walk-in door', isSurvey: false, isCompleted: false, createdBy: expect.any(String) });
    const survey = await addJob('dispatcher', { title: 'Roof survey', isSurvey: true, description: '  ' });
    expect(survey.json()).toMatchObject({ isSurvey: true, description: null });
    expect(await auditCount(t, 'workOrderJob', job.json().workOrderJobId)).toBe(1);

    expect((await jobs('tech')).json().map((j: { title: string }) => j.title)).toEqual(['Replace gaskets', 'Roof survey']);
    expect((await jobs('tech', '&isSurvey=true')).json().map((j: { title: string }) => j.title)).toEqual(['Roof survey']);
    expect((await jobs('leader', '&isSurvey=false')).json().map((j: { title: string }) => j.title)).toEqual(['Replace gaskets']);
    const bad = await jobs('tech', '&isSurvey=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('Survey must be true or false.');
    expect((await t.call('GET', '/api/v1/WorkOrderJobs/getWorkOrderJobs', 'tech')).json().title).toBe('Work order field is required!');
  });

  it('requires a title and writes nothing without one', async () => {
    const before = await countOf(workOrderJobs);
    expect((await addJob('tech', { title: '   ' })).json().title).toBe('Title field is required!');
    expect((await addJob('tech', {})).json().title).toBe('Title field is required!');
    expect((await addJob('tech', { title: 'x', isSurvey: 'yes' })).json().title).toBe('Survey must be true or false.');
    expect(await countOf(workOrderJobs)).toBe(before);
  });

  it('ticks a job done, renames it, and deletes it, each audited', async () => {
    const { workOrderJobId: id } = (await addJob('tech', { title: 'Check drain' })).json();
    const done = await t.call('PUT', `/api/v1/WorkOrderJobs/${id}`, 'tech', { isCompleted: true, title: 'Check and clear drain' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isCompleted: true, title: 'Check and clear drain' });
    expect((await t.call('PUT', `/api/v1/WorkOrderJobs/${id}`, 'tech', { title: 'x' })).json().title).toBe('Completed field is required!');
    expect((await t.call('PUT', `/api/v1/WorkOrderJobs/${id}`, 'tech', { isCompleted: false, title: '' })).json().title).toBe('Title field is required!');
    expect((await jobs('tech', '&isCompleted=true')).json().map((j: { workOrderJobId: number }) => j.workOrderJobId)).toEqual([id]);
    expect((await t.call('DELETE', `/api/v1/WorkOrderJobs/${id}`, 'tech')).statusCode).toBe(200);
    expect(await auditCount(t, 'workOrderJob', id)).toBe(3);
    expect((await t.call('PUT', `/api/v1/WorkOrderJobs/${id}`, 'tech', { isCompleted: true })).statusCode).toBe(404);
  });

  it("hides a technician's jobs from another technician and another company (404)", async () => {
    const { workOrderJobId: id } = (await addJob('tech', { title: 'Private' })).json();
    const before = await countOf(workOrderJobs);
    for (const who of ['tech2', 'coastal.admin']) {
      expect((await jobs(who)).statusCode, who).toBe(404);
      expect((await addJob(who, { title: 'x' })).statusCode, who).toBe(404);
      expect((await t.call('PUT', `/api/v1/WorkOrderJobs/${id}`, who, { isCompleted: true })).statusCode, who).toBe(404);
      expect((await t.call('DELETE', `/api/v1/WorkOrderJobs/${id}`, who)).statusCode, who).toBe(404);
    }
    expect((await t.call('GET', `/api/v1/WorkOrderJobs/getWorkOrderJobs?workOrderId=${coastalWo}`, 'admin')).statusCode).toBe(404);
    expect(await countOf(workOrderJobs)).toBe(before);
  });
});

describe('equipment task list', () => {
  it('adds tasks, ticks them done recording who and when, and opens them again', async () => {
    const a = await addTask('tech', { equipmentName: 'Walk-in cooler', task: 'Clean condenser coil' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ equipmentName: 'Walk-in cooler', task: 'Clean condenser coil', isDone: false, doneBy: null, doneAt: null });
    await addTask('tech', { equipmentName: 'Ice machine', task: 'Descale' });
    const { taskId } = a.json();
    const done = await t.call('PUT', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'tech', { isDone: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isDone: true, doneBy: expect.any(String), doneAt: expect.any(String) });
    const again = await t.call('PUT', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'dispatcher', { isDone: true });
    expect(again.json()).toEqual(done.json());
    const open = await t.call('PUT', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'tech', { isDone: false });
    expect(open.json()).toMatchObject({ isDone: false, doneBy: null, doneAt: null });
    expect(await auditCount(t, 'workOrderEquipmentTask', taskId)).toBe(3);
    const list = await t.call('GET', `/api/v1/WorkOrder/${mine}/equipmentTasks`, 'tech');
    expect(list.json().map((x: { equipmentName: string }) => x.equipmentName)).toEqual(['Ice machine', 'Walk-in cooler']);
    expect((await t.call('PUT', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'tech', { isDone: 'yes' })).json().title).toBe('Done must be true or false.');
  });

  it('requires equipment and task', async () => {
    const before = await countOf(workOrderEquipmentTasks);
    expect((await addTask('tech', { task: 'x' })).json().title).toBe('Equipment field is required!');
    expect((await addTask('tech', { equipmentName: 'x', task: ' ' })).json().title).toBe('Task field is required!');
    expect(await countOf(workOrderEquipmentTasks)).toBe(before);
  });

  it("deletes only with 'Delete Labor Standard Items & Equipments'; 404 to others", async () => {
    const { taskId } = (await addTask('tech', { equipmentName: 'RTU-1', task: 'Replace belts' })).json();
    expect((await t.call('DELETE', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'tech')).statusCode).toBe(403);
    for (const who of ['tech2', 'coastal.admin']) {
      expect((await t.call('GET', `/api/v1/WorkOrder/${mine}/equipmentTasks`, who)).statusCode, who).toBe(404);
      expect((await addTask(who, { equipmentName: 'x', task: 'y' })).statusCode, who).toBe(404);
      expect((await t.call('PUT', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, who, { isDone: true })).statusCode, who).toBe(404);
    }
    expect((await t.call('DELETE', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'coastal.admin')).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/v1/WorkOrder/equipmentTasks/${taskId}`, 'admin')).statusCode).toBe(200);
    expect(await auditCount(t, 'workOrderEquipmentTask', taskId)).toBe(2);
  });
});

import { BLANK, NOT_A_NOTICEBOARD_NUMBER, tooLong } from '@beacon/domain';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { audioNoticeboardApi } from '../audio-noticeboard-api';
import { noticeboardFormLogic } from '../audio-noticeboard.implementations';
import { aNoticeboard, FakeAudioNoticeboardServer } from '../testing/fake-audio-noticeboard-server';
import { messageErrors } from '../noticeboard-message';
import type { NoticeboardFormInput, NoticeboardFormSnapshot } from './noticeboard-form.machine';

const running: { stop: () => void }[] = [];
afterEach(() => running.splice(0).forEach((actor) => actor.stop()));

/** The machine over the fake server's calls, with the snackbar's texts recorded, once the load answered. */
async function started(input: NoticeboardFormInput, server = new FakeAudioNoticeboardServer()) {
  const notices: [string, 'default' | 'error'][] = [];
  const logic = noticeboardFormLogic({ api: audioNoticeboardApi(server.api), notify: (text, type) => notices.push([text, type]) });
  const actor = createActor(logic, { input }).start();
  running.push(actor);
  await settled(actor);
  return { actor, server, notices };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: NoticeboardFormSnapshot) => snapshot.matches('loading') || snapshot.matches('saving');
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const state = (actor: Actor) => actor.getSnapshot().value;
const form = (actor: Actor) => {
  const { phoneNumber, message, touched, serverErrors } = actor.getSnapshot().context;
  return { phoneNumber, message, touched, serverErrors };
};

describe('audio noticeboard form machine', () => {
  it('opens Update on the noticeboard its {id} names, with its current message', async () => {
    const { actor } = await started({ mode: 'update', routeId: '442079460000' });

    expect(state(actor)).toBe('editing');
    expect(form(actor)).toEqual({ phoneNumber: '+442079460000', message: 'The bridge is closed.', touched: false, serverErrors: { phone_number: [], message: [] } });
  });

  it.each([['442079460999'], ['+442079460000'], ['%2B442079460000'], ['constructor'], ['']])(
    'shows Update as not found for the {id} %p, which names none of the group’s numbers',
    async (routeId) => {
      const { actor, server } = await started({ mode: 'update', routeId });

      expect(state(actor)).toBe('notFound');
      expect(server.writes()).toEqual([]);
    },
  );

  it('opens Create on the first number without a message, and lets the user choose another', async () => {
    const server = new FakeAudioNoticeboardServer([
      aNoticeboard('+442079460000', { message: 'Set' }),
      aNoticeboard('+442079460001'),
      aNoticeboard('+442079460002'),
    ]);
    const { actor } = await started({ mode: 'create' }, server);

    expect(state(actor)).toBe('editing');
    expect(form(actor)).toMatchObject({ phoneNumber: '+442079460001', message: '' });
    actor.send({ type: 'noticeboard.number.choose', phoneNumber: '+442079460002' });
    expect(form(actor).phoneNumber).toBe('+442079460002');
  });

  it('has nothing to create when every number has a message', async () => {
    const { actor } = await started({ mode: 'create' }, new FakeAudioNoticeboardServer([aNoticeboard('+442079460000', { message: 'Set' })]));

    expect(state(actor)).toBe('noFreeNumber');
  });

  it('keeps the number of Update fixed', async () => {
    const { actor } = await started({ mode: 'update', routeId: '442079460000' });

    actor.send({ type: 'noticeboard.number.choose', phoneNumber: '+442079460001' });
    expect(form(actor).phoneNumber).toBe('+442079460000');
  });

  it('checks the message as typed: not blank, at most 1000 characters once trimmed', () => {
    expect(messageErrors('')).toEqual([BLANK]);
    expect(messageErrors('   \n ')).toEqual([BLANK]);
    expect(messageErrors('x'.repeat(1000))).toEqual([]);
    expect(messageErrors(` ${'x'.repeat(1000)} `)).toEqual([]);
    expect(messageErrors('x'.repeat(1001))).toEqual([tooLong(1000)]);
  });

  it('does not send a blank message, and marks the message touched so its error shows', async () => {
    const { actor, server } = await started({ mode: 'create' });

    actor.send({ type: 'noticeboard.save' });

    expect(state(actor)).toBe('editing');
    expect(form(actor).touched).toBe(true);
    expect(server.writes()).toEqual([]);
  });

  it('saves the trimmed message for the chosen number, says so, and ends', async () => {
    const { actor, server, notices } = await started({ mode: 'create' });

    actor.send({ type: 'noticeboard.message.change', message: '  Lines are open until 6pm.  ' });
    actor.send({ type: 'noticeboard.save' });
    expect(state(actor)).toBe('saving');
    await settled(actor);

    expect(state(actor)).toBe('saved');
    expect(actor.getSnapshot().status).toBe('done');
    expect(server.writes()).toEqual([
      { method: 'PATCH', path: '/api/audio-noticeboard/', body: { phone_number: '+442079460001', message: 'Lines are open until 6pm.' } },
    ]);
    expect(server.messageOf('+442079460001')).toBe('Lines are open until 6pm.');
    expect(notices).toEqual([['Audio noticeboard for +442079460001 created.', 'default']]);
  });

  it('says “updated” after an Update', async () => {
    const { actor, notices } = await started({ mode: 'update', routeId: '442079460000' });

    actor.send({ type: 'noticeboard.message.change', message: 'The bridge is open again.' });
    actor.send({ type: 'noticeboard.save' });
    await settled(actor);

    expect(notices).toEqual([['Audio noticeboard for +442079460000 updated.', 'default']]);
  });

  it('keeps the server’s words next to each field when the save is refused, and clears a field’s when it changes', async () => {
    const { actor, server, notices } = await started({ mode: 'update', routeId: '442079460000' });
    server.removeNumber('+442079460000');

    actor.send({ type: 'noticeboard.message.change', message: 'Still here?' });
    actor.send({ type: 'noticeboard.save' });
    await settled(actor);

    expect(state(actor)).toBe('failed');
    expect(form(actor).serverErrors).toEqual({ phone_number: [NOT_A_NOTICEBOARD_NUMBER], message: [] });
    expect(notices).toEqual([['Invalid audio noticeboard.', 'error']]);

    server.failNext('PATCH', new ApiError(400, { detail: 'Invalid audio noticeboard.', message: ['Too loud.'] }));
    actor.send({ type: 'noticeboard.save' });
    await settled(actor);
    expect(form(actor).serverErrors).toEqual({ phone_number: [], message: ['Too loud.'] });

    actor.send({ type: 'noticeboard.message.change', message: 'Quieter.' });
    expect(state(actor)).toBe('editing');
    expect(form(actor).serverErrors).toEqual({ phone_number: [], message: [] });
  });

  it('shows the spec’s text for a server error on save, and lets the user try again', async () => {
    const server = new FakeAudioNoticeboardServer().failNext('PATCH', new ApiError(500, SERVER_ERROR_TEXT));
    const { actor, notices } = await started({ mode: 'update', routeId: '442079460000' }, server);

    actor.send({ type: 'noticeboard.save' });
    await settled(actor);
    expect(state(actor)).toBe('failed');
    expect(notices).toEqual([['An error occurred. Please contact your administrator.', 'error']]);

    actor.send({ type: 'noticeboard.save' });
    await settled(actor);
    expect(state(actor)).toBe('saved');
  });

  it('shows why the load failed, and loads again on reload', async () => {
    const server = new FakeAudioNoticeboardServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT));
    const { actor } = await started({ mode: 'update', routeId: '442079460000' }, server);

    expect(state(actor)).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toBe('An error occurred. Please contact your administrator.');

    actor.send({ type: 'noticeboard.reload' });
    await settled(actor);
    expect(state(actor)).toBe('editing');
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('ignores a second save while one is under way', async () => {
    const { actor, server } = await started({ mode: 'update', routeId: '442079460000' });
    const release = server.holdNext('PATCH');

    actor.send({ type: 'noticeboard.save' });
    actor.send({ type: 'noticeboard.save' });
    release();
    await settled(actor);

    expect(server.writes()).toHaveLength(1);
  });
});

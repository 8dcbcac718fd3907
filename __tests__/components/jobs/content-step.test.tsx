import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ToastProvider } from '@/components/ui/toast';
import userEvent from '@testing-library/user-event';
import { ContentStep, EMPTY_CONTENT } from '@/components/jobs/wizard/content-step';
import { MESSAGES } from '@/lib/jobs/schemas';
import { editorJson, renderWithProviders } from './helpers';
import { leavingAsks } from '../../helpers/leaving';

// The Lexical editor has its own tests; here a plain textarea stands in and emits editor JSON.
jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange, invalid, ...rest }: { onChange: (json: string) => void; invalid?: boolean; 'aria-labelledby'?: string }) => (
    <textarea
      aria-label="Job description"
      aria-invalid={invalid || undefined}
      aria-describedby={(rest as { 'aria-describedby'?: string })['aria-describedby']}
      onChange={(e) => onChange(mockEditorJson(e.target.value))}
    />
  ),
}));
const mockEditorJson = (text: string) => editorJson(text);

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

/** The texts of the form's inline messages. */
const alerts = async () => (await screen.findAllByRole('alert')).map((a) => a.textContent);

function setup(initial = EMPTY_CONTENT) {
  const onSubmit = jest.fn();
  const onDraftChange = jest.fn();
  renderWithProviders(<ContentStep mode="new" initial={initial} saving={false} cancelHref="/company/jobs" onSubmit={onSubmit} onDraftChange={onDraftChange} />);
  return { onSubmit, onDraftChange };
}

describe('ContentStep (job content form)', () => {
  it('shows the message of every required field and does not submit', async () => {
    const { onSubmit } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(async () =>
      expect(await alerts()).toEqual(
        expect.arrayContaining([MESSAGES.title, MESSAGES.jobType, MESSAGES.homeTime, MESSAGES.experience, MESSAGES.description, MESSAGES.expectedPay]),
      ),
    );
    expect(screen.getByLabelText('Job title')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('defaults the salary type to weekly and leaves the bonuses empty', () => {
    setup();
    expect(screen.getByLabelText('Salary type')).toHaveValue('weekly');
    expect(screen.getByLabelText(/Sign-on bonus/)).toHaveValue('');
    expect(screen.getByLabelText(/Starting bonus/)).toHaveValue('');
  });

  it.each([
    ['123456789', 'more than 8 digits'],
    ['12.345', 'more than 2 decimals'],
    ['12a', 'not a number'],
  ])('refuses the amount %s (%s)', async (value) => {
    setup();
    await userEvent.type(screen.getByLabelText(/Sign-on bonus/), value);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(async () => expect(await alerts()).toContain(MESSAGES.amount));
    expect(screen.getByLabelText(/Sign-on bonus/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('submits the values as typed once every rule holds', async () => {
    const { onSubmit, onDraftChange } = setup();
    await userEvent.type(screen.getByLabelText('Job title'), 'Regional CDL-A Driver');
    await userEvent.selectOptions(screen.getByLabelText('Job type'), 'Dry van');
    await userEvent.selectOptions(screen.getByLabelText('Home time'), 'Home weekly');
    await userEvent.selectOptions(screen.getByLabelText('Required experience'), '1-2 years');
    fireEvent.change(screen.getByLabelText('Job description'), { target: { value: 'Texas lanes' } });
    await userEvent.type(screen.getByLabelText('Expected pay'), '1450.50');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hazmat' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Dental coverage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      title: 'Regional CDL-A Driver',
      job_type: 'dry_van',
      home_time: 'HW',
      required_experience: 'Y1',
      expected_pay: '1450.50',
      salary_type: 'weekly',
      signon_bonus: '',
      endorsements: ['H'],
      benefits: ['dental_coverage'],
      job_description: editorJson('Texas lanes'),
    });
    // Typing also feeds the draft (debounced), so a reload keeps the work.
    await waitFor(() => expect(onDraftChange).toHaveBeenCalled());
  });

  it('refuses a video link that is not http(s)', async () => {
    setup();
    await userEvent.type(screen.getByLabelText(/Video URL/), 'ftp://example.com/video.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(async () => expect(await alerts()).toContain(MESSAGES.videoUrl));
  });

  it("shows the job's values in the server's HTML, and keeps what was typed before hydration", async () => {
    const job = { ...EMPTY_CONTENT, title: 'Dedicated Dry Van', job_type: 'dry_van', home_time: 'HW', required_experience: 'Y1', expected_pay: '1450.50', job_description: editorJson('Texas lanes'), driver_unload: true } as typeof EMPTY_CONTENT;
    const onSubmit = jest.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ui = (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ContentStep mode="edit" initial={job} saving={false} cancelHref="/company/jobs" onSubmit={onSubmit} />
        </ToastProvider>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.appendChild(container);
    const byLabel = (label: string | RegExp) => within(container).getByLabelText(label) as HTMLInputElement;
    // Before any script: the values are in the HTML (they used to be empty until hydration).
    expect(byLabel('Job title').value).toBe('Dedicated Dry Van');
    expect((byLabel('Job type') as unknown as HTMLSelectElement).value).toBe('dry_van');
    expect(byLabel('Expected pay').value).toBe('1450.50');
    expect(byLabel(/Drive and unload/).checked).toBe(true);
    // The user changes the title and unticks the box before the page hydrates.
    byLabel('Job title').value = 'Dedicated Dry Van, home weekly';
    byLabel(/Drive and unload/).checked = false;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, ui);
    });
    expect(byLabel('Job title').value).toBe('Dedicated Dry Van, home weekly');
    expect(byLabel(/Drive and unload/).checked).toBe(false);
    await userEvent.click(within(container).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ title: 'Dedicated Dry Van, home weekly', driver_unload: false, job_type: 'dry_van', expected_pay: '1450.50' });
    act(() => root!.unmount());
    container.remove();
  });

  it('asks before a reload loses an edit of a saved job; a new job, kept as a draft as it is typed, does not ask', async () => {
    const job = { ...EMPTY_CONTENT, title: 'Dedicated Dry Van' };
    const edit = renderWithProviders(<ContentStep mode="edit" initial={job} saving={false} cancelHref="/company/jobs/1/detail" onSubmit={jest.fn()} />);
    expect(leavingAsks()).toBe(false);
    await userEvent.type(screen.getByLabelText('Job title'), ' (night runs)');
    await waitFor(() => expect(leavingAsks()).toBe(true));
    edit.unmount();
    expect(leavingAsks()).toBe(false);

    setup();
    await userEvent.type(screen.getByLabelText('Job title'), 'Regional CDL-A Driver');
    expect(leavingAsks()).toBe(false);
  });
});

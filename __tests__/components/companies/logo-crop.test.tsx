import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LogoCropDialog from '@/components/companies/logo-crop-dialog';
import { LogoSettings } from '@/components/companies/logo-settings';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

// jsdom has no PointerEvent: without it the drag's events carry no coordinates.
if (!('PointerEvent' in window)) (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = class extends MouseEvent {};

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: { id: 12, company_name: 'Demo Freight Lines', logo: null, logo_small: null } } as never);
});

/** A 1x1 PNG: a real image, as the browser would decode it. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** The image the dialog draws, once the file is read; `natural` is the size the browser decoded. */
async function loaded(natural?: { width: number; height: number }) {
  const img = (await screen.findByAltText('The logo being cropped')) as HTMLImageElement;
  if (natural) {
    Object.defineProperty(img, 'naturalWidth', { value: natural.width });
    Object.defineProperty(img, 'naturalHeight', { value: natural.height });
    fireEvent.load(img);
  }
  return img;
}

describe('logo crop dialog on a phone', () => {
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  afterEach(() => Object.defineProperty(Element.prototype, 'clientWidth', clientWidth));

  it('scales the crop area down to the width the dialog has, and drags by what the finger moved on the scaled picture', async () => {
    // A 390 px phone: the dialog (390 - 2rem) less its padding leaves 310 px for the 383 px stage.
    Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => 310 });
    const onSave = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(<LogoCropDialog file={new File([PNG], 'logo.png', { type: 'image/png' })} onCancel={() => undefined} onSave={onSave} onUnreadable={() => undefined} />);
    await loaded({ width: 800, height: 400 });
    const stage = screen.getByTestId('crop-stage');
    const box = stage.parentElement!;
    expect(parseFloat(box.style.width)).toBeLessThanOrEqual(310);
    expect(stage.style.transform).toBe(`scale(${310 / 383})`);
    fireEvent.pointerDown(stage, { clientX: 100, clientY: 50 });
    fireEvent.pointerMove(stage, { clientX: 100 - 31, clientY: 50 });
    fireEvent.pointerUp(stage);
    await userEvent.click(screen.getByRole('button', { name: 'Save logo' }));
    // 31 screen px at 310/383 is 38 stage px: the frame moved right by 38 inside the zoomed image.
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const start = Math.round((350 - 343) / 2);
    expect(onSave.mock.calls[0][0]).toMatchObject({ zoom: 350, left: start + 38 });
  });
});

describe('logo settings', () => {
  it('says a file that is no image, whatever its name, is not a logo, and closes the crop dialog', async () => {
    renderWithProviders(<LogoSettings companyId={12} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload logo' })).toBeEnabled());
    await userEvent.upload(screen.getByLabelText('Choose a logo image'), new File(['just some text'], 'fake.jpg', { type: 'image/jpeg' }));
    // The browser cannot decode it.
    fireEvent.error(await loaded());
    expect(await screen.findByText('The logo must be a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Opener({ children }: { children: (close: () => void) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && children(() => setOpen(false))}
    </>
  );
}

describe('Dialog', () => {
  it('gives focus back to the opener, even when its content took focus on mount', () => {
    render(
      <Opener>
        {(close) => (
          <Dialog onClose={close} closeLabel="Close search" aria-label="Search">
            <input aria-label="Find" autoFocus />
          </Dialog>
        )}
      </Opener>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('Find'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('moves focus into its panel when the content takes none, and the backdrop closes it', () => {
    render(
      <Opener>
        {(close) => (
          <Dialog onClose={close} closeLabel="Close the note" aria-label="Note">
            <p>Nothing to focus here.</p>
          </Dialog>
        )}
      </Opener>,
    );
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Note' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close the note' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

import { lightTheme } from '@parley/ui';
import '@parley/ui/themes';
import { useEffect } from 'react';

export function App() {
  useEffect(() => {
    document.documentElement.classList.add(lightTheme);
  }, []);
  return (
    <main>
      <h1>Parley</h1>
    </main>
  );
}

import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** The baseline of npm run bench:web: the home's heading and company input, and nothing else. */
function Page() {
  const [name, setName] = useState('');
  return (
    <main style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <h1>企业年报代办</h1>
      <input value={name} onChange={(event) => setName(event.target.value)} placeholder="请输入营业执照上的企业名称" aria-label="企业名称" />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);

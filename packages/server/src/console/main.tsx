/** The console's entry: mounts the app into #app. */
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('app')!);

// Route handlers here get plain Requests, with no socket behind them: the tests play a deployment
// behind one proxy of its own, so the last X-Forwarded-For entry is the client (lib/api/client-address.ts).
process.env.TRUSTED_PROXIES ??= '1';

jest.setTimeout(60000);

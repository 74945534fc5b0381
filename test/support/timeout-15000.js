jest.setTimeout(15000);

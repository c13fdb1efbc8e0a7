// Old Internet Explorer cannot run the application bundle: send it to the plain notice page.
if (/MSIE |Trident\//.test(navigator.userAgent)) location.replace('/ie');

<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hexground" tilewidth="64" tileheight="48" tilecount="5" columns="5">
 <image source="hexground.png" width="320" height="48"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="grass"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="snow"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
</tileset>
